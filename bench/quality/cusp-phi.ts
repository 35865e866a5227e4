/**
 * The phi harness of the cusp family (cusp.ts): a Phi-4-mini-like model whose calls are text — the
 * `functools` marker and one JSON list of `{"name", "arguments"}` objects, several calls in one list —
 * answered by one user message holding the results as a `<|tool|>[{"name", "content"}, …]<|/tool|>`
 * list in the same order; the tools' spec sits in the system prompt between `<|tool|>` and `<|/tool|>`.
 * An ffmpeg pipeline for a documentary series: ffprobe's JSON, ffmpeg's banner, stream mapping,
 * `frame= … speed=` progress and x264 statistics, input and encoder errors ending `Conversion failed!`,
 * the subtitles filter failing to open a file, loudnorm's measurement JSON, HLS segments; for a
 * Marathi-speaking editor.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  chars,
  dur,
  fail,
  hex,
  lines,
  many,
  ok,
  one,
  pyJson,
  say,
  some,
  type CuspCall,
  type CuspHarness,
  type CuspStep,
  type Planter,
} from './cusp-kit';

const ROOT = '/mnt/media/wari-2025';
const CLIPS = ['C0042', 'C0043', 'C0051', 'GX010233', 'C0067', 'ZOOM0012'];

function ptr(rng: Rng): string {
  return `0x55${hex(rng, 10)}`;
}

const BANNER = `ffmpeg version 7.1 Copyright (c) 2000-2024 the FFmpeg developers\n  built with gcc 14.2.0 (GCC)\n  configuration: --prefix=/usr --enable-gpl --enable-version3 --enable-libx264 --enable-libx265 --enable-libfreetype --enable-libass --enable-libfontconfig --enable-libvpx --enable-libopus --enable-nonfree --enable-libfdk-aac\n  libavutil      59. 39.100 / 59. 39.100\n  libavcodec     61. 19.100 / 61. 19.100\n  libavformat    61.  7.100 / 61.  7.100\n  libavdevice    61.  3.100 / 61.  3.100\n  libavfilter    10.  4.100 / 10.  4.100\n  libswscale      8.  3.100 /  8.  3.100\n  libswresample   5.  3.100 /  5.  3.100\n  libpostproc    58.  3.100 / 58.  3.100`;

function inputBlock(rng: Rng, clip: string): string {
  const min = rng.int(1, 9);
  return `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'raw/${clip}.MP4':\n  Metadata:\n    major_brand     : XAVC\n    creation_time   : 2025-06-${rng.int(18, 30)}T0${rng.int(4, 9)}:${rng.int(10, 59)}:${rng.int(10, 59)}.000000Z\n  Duration: 00:0${min}:${rng.int(10, 59)}.${rng.int(10, 99)}, start: 0.000000, bitrate: ${rng.int(90000, 150000)} kb/s\n  Stream #0:0[0x1](und): Video: h264 (High 4:2:2 Intra) (avc1 / 0x31637661), yuv422p10le(tv, bt709/bt709/arib-std-b67), 3840x2160 [SAR 1:1 DAR 16:9], ${rng.int(90000, 140000)} kb/s, 25 fps, 25 tbr, 25k tbn (default)\n  Stream #0:1[0x2](und): Audio: pcm_s16be (twos / 0x736F7774), 48000 Hz, stereo, s16, 1536 kb/s (default)`;
}

/** A whole ffmpeg encode of one clip: banner, input, mapping, progress, x264 statistics. */
function encode(rng: Rng, clip: string, out: string, extra = ''): string {
  const p = ptr(rng);
  const frames = rng.int(1500, 14000);
  return `${BANNER}\n${inputBlock(rng, clip)}\nStream mapping:\n  Stream #0:0 -> #0:0 (h264 (native) -> h264 (libx264))\n  Stream #0:1 -> #0:1 (pcm_s16be (native) -> aac (libfdk_aac))\nPress [q] to stop, [?] for help\n[libx264 @ ${p}] using SAR=1/1\n[libx264 @ ${p}] using cpu capabilities: MMX2 SSE2Fast SSSE3 SSE4.2 AVX FMA3 BMI2 AVX2\n[libx264 @ ${p}] profile High, level 5.1, 4:2:0, 8-bit\nOutput #0, mp4, to '${out}':\n  Stream #0:0: Video: h264 (avc1 / 0x31637661), yuv420p(tv, bt709, progressive), 3840x2160 [SAR 1:1 DAR 16:9], q=2-31, 25 fps, 12800 tbn\n  Stream #0:1: Audio: aac (mp4a / 0x6134706D), 48000 Hz, stereo, s16, 320 kb/s\n${extra}[out#0/mp4 @ ${ptr(rng)}] video:${rng.int(100000, 900000)}KiB audio:${rng.int(4000, 20000)}KiB subtitle:0KiB other streams:0KiB global headers:0KiB muxing overhead: 0.0${rng.int(10, 99)}%\nframe=${String(frames).padStart(6)} fps=${rng.int(20, 160)} q=-1.0 Lsize=${String(rng.int(100000, 900000)).padStart(9)}KiB time=00:0${rng.int(1, 9)}:${rng.int(10, 59)}.${rng.int(10, 99)} bitrate=${dur(rng, 8000, 40000, 1)}kbits/s speed=${dur(rng, 0.8, 6)}x\n[libx264 @ ${p}] frame I:${rng.int(20, 80)}    Avg QP:${dur(rng, 14, 22)}  size:${rng.int(200000, 900000)}\n[libx264 @ ${p}] frame P:${rng.int(400, 4000)}   Avg QP:${dur(rng, 16, 24)}  size:${rng.int(50000, 300000)}\n[libx264 @ ${p}] kb/s:${dur(rng, 8000, 40000)}`;
}

function probe(rng: Rng, clip: string): string {
  return JSON.stringify(
    {
      streams: [
        {
          index: 0,
          codec_name: 'h264',
          profile: 'High 4:2:2 Intra',
          width: 3840,
          height: 2160,
          pix_fmt: 'yuv422p10le',
          color_transfer: 'arib-std-b67',
          r_frame_rate: '25/1',
          duration: dur(rng, 30, 540, 6),
        },
        { index: 1, codec_name: 'pcm_s16be', sample_rate: '48000', channels: 2, duration: dur(rng, 30, 540, 6) },
      ],
      format: {
        filename: `raw/${clip}.MP4`,
        format_name: 'mov,mp4,m4a,3gp,3g2,mj2',
        size: String(rng.int(400000000, 9000000000)),
        bit_rate: String(rng.int(90000000, 150000000)),
      },
    },
    null,
    4,
  );
}

function loudnorm(rng: Rng): string {
  return `[Parsed_loudnorm_0 @ ${ptr(rng)}] \n{\n\t"input_i" : "-${dur(rng, 18, 28)}",\n\t"input_tp" : "-${dur(rng, 1, 6)}",\n\t"input_lra" : "${dur(rng, 4, 14)}",\n\t"input_thresh" : "-${dur(rng, 28, 38)}",\n\t"output_i" : "-14.0${rng.int(0, 9)}",\n\t"output_tp" : "-1.00",\n\t"output_lra" : "${dur(rng, 4, 10)}",\n\t"output_thresh" : "-${dur(rng, 24, 26)}",\n\t"normalization_type" : "dynamic",\n\t"target_offset" : "0.0${rng.int(0, 9)}"\n}`;
}

function ff(args: string, output: string, code = 0): CuspCall {
  return code === 0
    ? ok('run_ffmpeg', { args }, output, 0)
    : fail('run_ffmpeg', { args }, `${output}\n[exit code ${code}]`, code);
}

function phiNoise(rng: Rng): CuspStep {
  const r = rng.int(0, 8);
  const clip = rng.pick(CLIPS);
  if (r === 0)
    return one(undefined, ok('ffprobe', { input: `raw/${clip}.MP4`, show: 'streams,format' }, probe(rng, clip)));
  if (r === 1)
    return one(
      undefined,
      ff(
        `-hide_banner -i raw/${clip}.MP4 -vf scale=1280:-2,format=yuv420p -c:v libx264 -crf 23 -preset veryfast -c:a aac -b:a 128k proxy/${clip}.mp4`,
        encode(rng, clip, `proxy/${clip}.mp4`),
      ),
    );
  if (r === 2) {
    const [a, b] = rng.sample(CLIPS, 2) as [string, string];
    return many(undefined, [
      ok('ffprobe', { input: `raw/${a}.MP4`, show: 'streams,format' }, probe(rng, a)),
      ok('ffprobe', { input: `raw/${b}.MP4`, show: 'streams,format' }, probe(rng, b)),
    ]);
  }
  if (r === 3)
    return one(
      undefined,
      ff(
        `-hide_banner -i masters/${clip}_graded.mov -af loudnorm=I=-14:TP=-1:LRA=11:print_format=json -f null -`,
        `${inputBlock(rng, clip)}\nsize=N/A time=00:0${rng.int(1, 9)}:${rng.int(10, 59)}.00 bitrate=N/A speed=${rng.int(40, 160)}x\n${loudnorm(rng)}`,
      ),
    );
  if (r === 4)
    return one(
      undefined,
      ok(
        'list_media',
        { dir: `${ROOT}/raw` },
        some(rng, CLIPS, rng.int(3, 6))
          .map((c) => `${c}.MP4  ${dur(rng, 0.4, 9, 1)} GB  3840x2160 25p  ${rng.int(0, 9)}:${rng.int(10, 59)}`)
          .join('\n'),
      ),
    );
  if (r === 5)
    return many('Proxies for two clips at once.', [
      ff(
        `-hide_banner -i raw/${clip}.MP4 -vf scale=1280:-2 -c:v libx264 -crf 23 proxy/${clip}.mp4`,
        encode(rng, clip, `proxy/${clip}.mp4`),
      ),
      ok(
        'run_shell',
        { command: 'df -h /mnt/media' },
        `Filesystem      Size  Used Avail Use% Mounted on\n/dev/sdb1       7.3T  ${dur(rng, 2, 6, 1)}T  ${dur(rng, 1, 4, 1)}T  ${rng.int(30, 80)}% /mnt/media`,
      ),
    ]);
  if (r === 6)
    return one(
      undefined,
      ok(
        'read_text',
        { path: `${ROOT}/subs/ep0${rng.int(1, 6)}.mr.srt` },
        `1\n00:00:0${rng.int(1, 9)},000 --> 00:00:0${rng.int(4, 9)},500\nपंढरपूरच्या वाटेवर पहिला मुक्काम.\n\n2\n00:00:1${rng.int(0, 9)},200 --> 00:00:1${rng.int(4, 9)},800\nदिंडी पहाटे चार वाजता निघते.`,
      ),
    );
  if (r === 7)
    return one(
      undefined,
      ok(
        'run_shell',
        { command: 'git -C scripts status --short' },
        some(rng, ['encode.sh', 'proxies.sh', 'hls.sh', 'loudnorm.sh', 'thumbs.sh'], rng.int(1, 3))
          .map((f) => ` M ${f}`)
          .join('\n'),
      ),
    );
  return one(
    undefined,
    ok(
      'run_shell',
      { command: `ls hls/ep0${rng.int(1, 6)}/` },
      lines(rng.int(4, 9), (i) => `720p_${String(i).padStart(3, '0')}.ts`) + '\n720p.m3u8\nmaster.m3u8',
    ),
  );
}

function phiBig(rng: Rng): CuspStep {
  const clip = rng.pick(CLIPS);
  if (rng.chance(0.5)) {
    let t = 0;
    const rows = lines(rng.int(1300, 1500), (i) => {
      t += 0.04;
      return `${t.toFixed(6)},${rng.int(30000, 400000)},${i % 25 === 0 ? 'K__' : '___'}`;
    });
    return one(
      'Packet sizes of the whole clip to find where the bitrate spikes.',
      ok(
        'ffprobe',
        {
          input: `raw/${clip}.MP4`,
          show: 'packets',
          select_streams: 'v:0',
          entries: 'packet=pts_time,size,flags',
          of: 'csv=p=0',
        },
        rows,
      ),
    );
  }
  const progress = lines(
    rng.int(260, 300),
    (i) =>
      `frame=${String((i + 1) * 25).padStart(6)} fps=${rng.int(20, 60)} q=${dur(rng, 20, 30, 1)} size=${String((i + 1) * rng.int(900, 2000)).padStart(9)}KiB time=00:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.00 bitrate=${dur(rng, 8000, 20000, 1)}kbits/s speed=${dur(rng, 0.8, 2.4)}x`,
  );
  return one(
    undefined,
    ff(
      `-hide_banner -stats_period 1 -i masters/${clip}_graded.mov -c:v libx264 -preset slow -b:v 16M -c:a aac -b:a 320k out/${clip}_yt.mp4`,
      encode(rng, clip, `out/${clip}_yt.mp4`, `${progress}\n`),
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} भागासाठी YouTube साठी 4K मास्टर आणि मराठी उपशीर्षके`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `नमस्कार! प्रोजेक्ट ${ROOT} मध्ये आहे — वारीवरील माहितीपट मालिकेची व्हिडिओ पाइपलाइन (ffmpeg 7.1, scripts/ मधील bash स्क्रिप्ट्स). कच्च्या फाइल्स raw/ मध्ये, ग्रेड केलेले मास्टर masters/ मध्ये. मला ${needle} हवे आहेत.`,
            },
            {
              step: many('Checking what footage and masters exist.', [
                ok(
                  'list_media',
                  { dir: `${ROOT}/raw` },
                  CLIPS.map((c) => `${c}.MP4  ${dur(rng, 0.4, 9, 1)} GB  3840x2160 25p`).join('\n'),
                ),
                ok(
                  'list_media',
                  { dir: `${ROOT}/masters` },
                  `C0042_graded.mov  ${dur(rng, 4, 30, 1)} GB  ProRes 422 HQ`,
                ),
              ]),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t} साठी वेबसाइटसाठी HLS पॅकेजिंग (720p आणि 1080p)`;
        return { how: 'user-followup', needle, beats: [{ user: `पुढचे काम: ${needle}.` }] };
      },
    },
  ],
  constraint: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = say(
          rng,
          [
            (x) => `${x} मधील आवाज -14 LUFS वर नॉर्मलाइझ करायचा, true peak -1 dBTP`,
            (x) => `${x} साठी मूळ कॅमेरा फाइल्स कधीही बदलू नका`,
            (x) => `${x} चे सर्व एक्सपोर्ट 25 fps मध्येच राहतील`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `एक नियम: ${needle}.`,
                `लक्षात ठेवा — ${needle}; चॅनेलची हीच पद्धत आहे.`,
                `महत्त्वाचे: ${needle}.`,
              ]),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = `# DELIVERY ${T}: YouTube master is H.264 High 4:2:0, 25 fps, AAC 320k; never upscale`;
        return {
          how: 'tool-header',
          needle,
          beats: [
            {
              step: one(
                'The encode script states the delivery spec at the top.',
                ok(
                  'read_text',
                  { path: `${ROOT}/scripts/encode.sh` },
                  `#!/usr/bin/env bash\n# encode.sh — masters to delivery files\n${needle}\n# proxies: 1280 wide, CRF 23\nset -euo pipefail\nin="$1"; out="$2"\nffmpeg -hide_banner -i "$in" -c:v libx264 -preset slow -b:v 16M -pix_fmt yuv420p -r 25 -c:a aac -b:a 320k "$out"`,
                ),
              ),
            },
            {
              step: one(
                `Delivery ${T} rules out upscaling, so the 1080p archive clips stay 1080p.`,
                ok('ffprobe', { input: 'raw/ZOOM0012.MP4', show: 'streams' }, probe(rng, 'ZOOM0012')),
              ),
            },
          ],
        };
      },
    },
  ],
  decision: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = say(
          rng,
          [
            (x) => `I'll encode ${x} in two passes at 16 Mb/s rather than with CRF, so the file size is predictable`,
            (x) => `${x} gets its LUT on the proxies only; the master keeps the log footage for the grade`,
            (x) =>
              `For ${x} the audio is measured with loudnorm first and normalized in a second pass with the measured values`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}.`,
                ok(
                  'write_text',
                  { path: `${ROOT}/scripts/${t}.sh`, content: `#!/usr/bin/env bash\n# ${t}\nset -euo pipefail\n` },
                  `wrote ${ROOT}/scripts/${t}.sh (3 lines)`,
                ),
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} मध्ये उपशीर्षके बर्न-इन न करता वेगळी SRT म्हणून जातील`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`आम्ही ठरवले आहे: ${needle}.`, `असे करूया: ${needle}, YouTube वर ते चांगले दिसते.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `scripts/${t}_hls.sh`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('A packaging script of its own, then a dry run on one master.', [
                ok(
                  'write_text',
                  {
                    path: `${ROOT}/${needle}`,
                    content: `#!/usr/bin/env bash\nset -euo pipefail\nffmpeg -i "$1" -map 0:v -map 0:a -c:v libx264 -b:v 3M -s 1280x720 -f hls -hls_time 6 -hls_playlist_type vod hls/720p.m3u8\n`,
                  },
                  `wrote ${ROOT}/${needle} (3 lines)`,
                ),
                ok('run_shell', { command: `bash -n ${needle} && echo syntax ok` }, 'syntax ok'),
              ]),
            },
            {
              step: one(
                undefined,
                ff(
                  `-hide_banner -i masters/C0042_graded.mov -c:v libx264 -b:v 3M -s 1280x720 -f hls -hls_time 6 hls/test/720p.m3u8`,
                  encode(rng, 'C0042', 'hls/test/720p.m3u8'),
                ),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `subs/${t}.mr.srt`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'Writing the Marathi subtitle file from the transcript.',
                ok(
                  'write_text',
                  { path: `${ROOT}/${needle}`, content: `1\n00:00:02,000 --> 00:00:05,500\nआळंदीहून पालखी निघाली.\n` },
                  `wrote ${ROOT}/${needle} (3 lines)`,
                ),
              ),
            },
          ],
        };
      },
    },
  ],
  error: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word').toUpperCase();
        const needle = `Error opening input file raw/${t}.MP4.`;
        return {
          how: 'tool-ffmpeg',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ff(
                  `-hide_banner -i raw/${t}.MP4 -vf scale=1280:-2 -c:v libx264 -crf 23 proxy/${t}.mp4`,
                  `[in#0 @ ${ptr(rng)}] Error opening input: No such file or directory\n${needle}\nError opening input files: No such file or directory`,
                  254,
                ),
              ),
            },
            {
              step: one(
                `raw/${t}.MP4 is not on the disk; maybe still on the card.`,
                ok('run_shell', { command: `ls /media/card/PRIVATE/M4ROOT/CLIP/ | grep -i ${t}` }, `${t}.MP4`),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word').toUpperCase();
        const needle = `raw/${t}.MP4: Invalid data found when processing input`;
        return {
          how: 'tool-ffprobe',
          needle,
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'ffprobe',
                  { input: `raw/${t}.MP4`, show: 'streams,format' },
                  `[mov,mp4,m4a,3gp,3g2,mj2 @ 0x55d0c3e1a2c0] moov atom not found\n${needle}`,
                  1,
                ),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `Unable to open subs/${t}.mr.srt`;
        const p = ptr(rng);
        return {
          how: 'tool-subtitles',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ff(
                  `-hide_banner -i out/ep03_yt.mp4 -vf subtitles=subs/${t}.mr.srt:force_style='FontName=Noto Sans Devanagari' -c:a copy out/ep03_subbed.mp4`,
                  `${inputBlock(rng, 'C0051')}\n[Parsed_subtitles_0 @ ${p}] ${needle}\n[AVFilterGraph @ ${ptr(rng)}] Error initializing filters\n[vost#0:0/libx264 @ ${ptr(rng)}] Error initializing a simple filtergraph\nError opening output file out/ep03_subbed.mp4.\nError opening output files: No such file or directory`,
                  254,
                ),
              ),
            },
            {
              step: one(
                `The ${t} subtitles were never exported; only the other episodes exist.`,
                ok('run_shell', { command: 'ls subs/' }, 'ep01.mr.srt\nep02.mr.srt\nep04.mr.srt'),
              ),
            },
          ],
        };
      },
    },
  ],
  value: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('code');
        const needle = `https://youtu.be/${t}${chars(rng, 5, 'abcdefghijkmnopqrstuvwxyz0123456789_-')}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Uploading the master as unlisted for review.',
                ok(
                  'run_shell',
                  { command: 'youtubeuploader -filename out/ep03_yt.mp4 -metaJSON meta/ep03.json -privacy unlisted' },
                  `Uploading file 'out/ep03_yt.mp4'\nProgress: ${rng.int(200, 900)} Mbps, ${rng.int(1, 9)}.${rng.int(1, 9)} GiB / ${rng.int(1, 9)}.${rng.int(1, 9)} GiB (100.0%) ETA 0s\nUpload successful! Video ID: ${needle.slice(17)}\nWatch: ${needle}`,
                ),
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('code');
        const needle = `PO-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `क्लायंटचा PO क्रमांक ${needle} आहे; तो इनव्हॉइस नोटमध्ये लिहा.` }],
        };
      },
    },
  ],
  pending: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = say(
          rng,
          [
            (x) => `Next: run the loudnorm second pass on ${x} with the measured values`,
            (x) => `Still to do: package ${x} for HLS once the 1080p master is approved`,
            (x) => `पुढची पायरी: ${x} चे प्रॉक्सी पुन्हा बनवणे`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `${needle}.`,
                ok(
                  'run_shell',
                  { command: `git -C scripts commit -qam "${t}" && git -C scripts log --oneline -1` },
                  `${hex(rng, 7)} ${t}`,
                ),
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `शेवटी ${t} चे थंबनेल तीन आकारांत तयार करा`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `धन्यवाद. शेवटची गोष्ट: ${needle}.` },
            {
              step: one(
                undefined,
                ff(
                  `-hide_banner -ss 00:01:${rng.int(10, 59)} -i out/ep03_yt.mp4 -frames:v 1 -vf scale=1280:720 thumbs/${t}_1280.jpg`,
                  `${inputBlock(rng, 'C0042')}\nframe=    1 fps=0.0 q=${dur(rng, 2, 6, 1)} Lsize=N/A time=00:00:00.04 bitrate=N/A speed=${dur(rng, 0.1, 0.9)}x`,
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

const SPEC = [
  {
    name: 'run_ffmpeg',
    description: 'Runs ffmpeg with the given arguments in the project folder; returns its log.',
    parameters: { args: { type: 'str', description: 'Arguments after ffmpeg' } },
  },
  {
    name: 'ffprobe',
    description: 'Probes a media file; returns JSON or CSV.',
    parameters: {
      input: { type: 'str', description: 'Path' },
      show: { type: 'str', description: 'streams, format, packets or frames' },
    },
  },
  {
    name: 'list_media',
    description: 'Lists media files with size and format.',
    parameters: { dir: { type: 'str', description: 'Directory' } },
  },
  { name: 'read_text', description: 'Reads a text file.', parameters: { path: { type: 'str', description: 'Path' } } },
  {
    name: 'write_text',
    description: 'Writes a text file.',
    parameters: { path: { type: 'str', description: 'Path' }, content: { type: 'str', description: 'Content' } },
  },
  {
    name: 'run_shell',
    description: 'Runs a shell command.',
    parameters: { command: { type: 'str', description: 'Command' } },
  },
];

/** The phi harness. */
export const CUSP_PHI: CuspHarness = {
  style: 'phi',
  protocol: 'text',
  system: `You are a video post-production assistant for the documentary series in ${ROOT} (Sony FX6 XAVC-I 4K footage, graded ProRes masters, deliveries for YouTube and the website). The editor writes in Marathi; answer in Marathi.\n\nIn addition to plain text responses, you can chose to call one or more of the provided functions.\n\nUse the following rule to decide when to call a function:\n  * if the response can be generated from your internal knowledge, do so\n  * if you need external information that can be obtained by calling one or more of the provided functions, generate a function calls\n\nIf you decide to call functions:\n  * prefix function calls with functools marker (no closing marker required)\n  * all function calls should be generated in a single JSON list formatted as functools[{"name": [function name], "arguments": [function arguments as JSON]}, ...]\n  * follow the provided JSON schema. Do not hallucinate arguments or values. Do not blindly copy values from the provided samples\n  * respect the argument type formatting. E.g., if the type is number and format is float, write value 7 as 7.0\n  * make sure you pick the right functions that match the user intent\n\nAvailable functions as JSON spec:\n<|tool|>${pyJson(SPEC)}<|/tool|>`,
  tools: SPEC.map((s) => s.name),
  callId: (rng) => chars(rng, 9),
  renderStep: (s) =>
    `${s.say ? `${s.say}\n` : ''}functools${pyJson(s.calls.map((c) => ({ name: c.tool, arguments: c.args })))}`,
  renderResults: (s) => `<|tool|>${pyJson(s.calls.map((c) => ({ name: c.tool, content: c.output })))}<|/tool|>`,
  resultStart: /^<\|tool\|>\[\{"name": /,
  callMark: /\{"name": "[a-z_]+", "arguments": \{/g,
  resultMark: /\{"name": "[a-z_]+", "content": "/g,
  noise: phiNoise,
  big: phiBig,
  followUp: (rng) =>
    rng.pick([
      'एन्कोड पूर्ण झाला का?',
      'आवाजाची पातळी किती आली?',
      'कृपया स्क्रिप्ट पुन्हा चालवा.',
      'तुम्ही काय बदलले ते थोडक्यात सांगा.',
      'ठीक आहे, पुढे काय?',
      'फाइलचा आकार किती झाला?',
    ]),
  keepGoing: (rng) => rng.pick(['पुढे चला.', 'पुढे चला, थांबू नका.', 'सगळे एक्सपोर्ट पूर्ण होईपर्यंत पुढे चला.']),
  answer: (rng) =>
    rng.pick([
      `पूर्ण झाले: सर्व एक्सपोर्ट तयार, आवाज -14 LUFS, ${rng.int(3, 9)} क्लिप्स तपासल्या.`,
      'Done: the masters are encoded to the delivery spec and the loudness is at -14 LUFS.',
      'दुरुस्त केले. proxy फोल्डरमध्ये एक जुनी फाइल शिल्लक आहे, ती या बदलाशी संबंधित नाही.',
      'थोडक्यात: बदललेल्या स्क्रिप्ट्स चालतात आणि सर्व एक्सपोर्ट तपासले.',
    ]),
  probe: (rng) => rng.pick(['पुढे चला.', 'जिथे थांबलात तिथून पुढे चला.', 'आता काय?']),
  planters: PLANTERS,
};
