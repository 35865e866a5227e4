/**
 * The gis harness of the brink family (brink.ts): a GIS analyst agent on a Vercel-AI-SDK-like loop
 * (camelCase tools, several calls in one step, every tool message the SDK's typed output —
 * `{"type": "json", "value": …}`, `{"type": "text", …}` or `{"type": "error-text", …}` — and short
 * alphanumeric provider call ids). It maps flood exposure for the wards of a city: GDAL/OGR
 * (`ogrinfo` summaries, `ogr2ogr`'s `ERROR 1:` lines, `gdalwarp` progress), PostGIS through psql
 * (aligned result tables, `ERROR:`/`HINT:` messages, mixed SRIDs) and QGIS processing
 * (`qgis_process run` with its Inputs/Results blocks), for a Nepali-speaking municipal planner.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  chars,
  dur,
  fail,
  many,
  ok,
  one,
  say,
  type BrinkCall,
  type BrinkHarness,
  type BrinkStep,
  type Planter,
} from './brink-kit';

const DATA = '/srv/gis/bagmati';
const LAYERS = ['wards', 'buildings', 'rivers', 'roads', 'schools', 'health_facilities'];

/** A result as the SDK hands it to the model. */
function out(kind: 'json' | 'text' | 'error-text', value: unknown): string {
  return JSON.stringify({ type: kind, value });
}

function shell(command: string, stdout: string, code = 0): BrinkCall {
  const args = { command };
  return code === 0
    ? ok('runGdal', args, out('text', stdout), 0)
    : fail('runGdal', args, out('error-text', `exit ${code}\n${stdout}`), code);
}

function sql(query: string, rows: string, code = 0): BrinkCall {
  return code === 0
    ? ok('queryPostgis', { sql: query }, out('text', rows), 0)
    : fail('queryPostgis', { sql: query }, out('error-text', rows), code);
}

function qgis(alg: string, params: Record<string, string | number>, results: string, code = 0): BrinkCall {
  const inputs = Object.entries(params)
    .map(([k, v]) => `${k}:\t${v}`)
    .join('\n');
  const text = `----------------\nInputs\n----------------\n\n${inputs}\n\n${code === 0 ? `0...10...20...30...40...50...60...70...80...90...100 - done.\n\n----------------\nResults\n----------------\n\n${results}` : results}`;
  return code === 0
    ? ok('runQgisProcessing', { algorithm: alg, parameters: params }, out('text', text), 0)
    : fail('runQgisProcessing', { algorithm: alg, parameters: params }, out('error-text', text), code);
}

function psqlTable(head: string[], rows: string[][]): string {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const row = (r: string[]) => ` ${r.map((c, i) => c.padEnd(w[i] as number)).join(' | ')}`;
  return [
    row(head),
    w.map((n) => '-'.repeat(n + 2)).join('+'),
    ...rows.map(row),
    `(${rows.length} row${rows.length === 1 ? '' : 's'})`,
  ].join('\n');
}

function ogrinfo(rng: Rng, layer: string): string {
  return `INFO: Open of \`${DATA}/${layer}.gpkg'\n      using driver \`GPKG' successful.\n\nLayer name: ${layer}\nGeometry: ${layer === 'rivers' || layer === 'roads' ? 'Multi Line String' : layer === 'schools' || layer === 'health_facilities' ? 'Point' : 'Multi Polygon'}\nFeature Count: ${layer === 'wards' ? 32 : layer === 'buildings' ? rng.int(180000, 240000) : rng.int(60, 4000)}\nExtent: (85.2${rng.int(0, 9)}${rng.int(0, 9)}, 27.6${rng.int(0, 9)}${rng.int(0, 9)}) - (85.3${rng.int(0, 9)}${rng.int(0, 9)}, 27.7${rng.int(0, 9)}${rng.int(0, 9)})\nLayer SRS WKT:\nGEOGCRS["WGS 84",\n    ENSEMBLE["World Geodetic System 1984 ensemble", ...],\n    ID["EPSG",4326]]\nData axis to CRS axis mapping: 2,1\nFID Column = fid\nGeometry Column = geom\nward_no: Integer (0.0)\nname_np: String (0.0)\narea_ha: Real (0.0)`;
}

function gisNoise(rng: Rng): BrinkStep {
  const r = rng.int(0, 7);
  if (r === 0)
    return one(undefined, shell(`ogrinfo -so ${DATA}/${rng.pick(LAYERS)}.gpkg`, ogrinfo(rng, rng.pick(LAYERS))));
  if (r === 1)
    return one(
      undefined,
      sql(
        'SELECT ward_no, name_np, round(ST_Area(geom::geography)/1e4) AS ha FROM wards ORDER BY ward_no LIMIT 5;',
        psqlTable(
          ['ward_no', 'name_np', 'ha'],
          Array.from({ length: 5 }, (_, i) => [
            String(i + 1),
            rng.pick(['वडा नं. १', 'थमेल', 'बालाजु', 'कालीमाटी', 'टेकु', 'नयाँ बानेश्वर']),
            String(rng.int(80, 900)),
          ]),
        ),
      ),
    );
  if (r === 2) {
    const [a, b] = rng.sample(LAYERS, 2) as [string, string];
    return many('Checking both layers before the join.', [
      shell(`ogrinfo -so ${DATA}/${a}.gpkg`, ogrinfo(rng, a)),
      shell(`ogrinfo -so ${DATA}/${b}.gpkg`, ogrinfo(rng, b)),
    ]);
  }
  if (r === 3)
    return one(
      undefined,
      qgis(
        'native:fixgeometries',
        { INPUT: `${DATA}/buildings.gpkg|layername=buildings`, METHOD: 1, OUTPUT: `${DATA}/tmp/buildings_fixed.gpkg` },
        `OUTPUT:\t${DATA}/tmp/buildings_fixed.gpkg`,
      ),
    );
  if (r === 4)
    return one(
      undefined,
      shell(
        `gdalwarp -t_srs EPSG:32645 -tr 30 30 -r bilinear ${DATA}/dem/srtm_n27e085.tif ${DATA}/dem/dem_utm.tif -overwrite`,
        `Creating output file that is ${rng.int(900, 1300)}P x ${rng.int(800, 1200)}L.\nUsing internal nodata values (e.g. -32768) for image ${DATA}/dem/srtm_n27e085.tif.\nProcessing ${DATA}/dem/srtm_n27e085.tif [1/1] : 0...10...20...30...40...50...60...70...80...90...100 - done.`,
      ),
    );
  if (r === 5)
    return one(
      undefined,
      sql(
        'SELECT count(*) FROM buildings WHERE NOT ST_IsValid(geom);',
        psqlTable(['count'], [[String(rng.int(0, 40))]]),
      ),
    );
  if (r === 6)
    return one(
      undefined,
      ok(
        'readFile',
        { path: `${DATA}/README.md` },
        out(
          'text',
          `# Bagmati flood exposure\n\nLayers in EPSG:4326 (GeoPackage), analysis in EPSG:32645 (UTM 45N).\nDEM: SRTM 1 arc-second resampled to 30 m.\nFlood extent: 1-in-100-year, from DHM ${rng.pick(['2021', '2023'])}.`,
        ),
      ),
    );
  return one(
    undefined,
    sql(
      'SELECT postgis_full_version();',
      psqlTable(
        ['postgis_full_version'],
        [
          [
            `POSTGIS="3.4.2 c19ce56" [EXTENSION] PGSQL="160" GEOS="3.12.1-CAPI-1.18.1" PROJ="9.4.0" GDAL="GDAL 3.8.4, released 2024/02/08"`,
          ],
        ],
      ),
    ),
  );
}

function gisBig(rng: Rng): BrinkStep {
  if (rng.chance(0.5))
    return one(
      'Listing every building inside the flood extent, to check the ward totals by hand.',
      sql(
        'SELECT b.osm_id, w.ward_no, round(ST_Area(b.geom::geography)) AS m2 FROM buildings b JOIN wards w ON ST_Intersects(b.geom, w.geom) JOIN flood_100y f ON ST_Intersects(b.geom, f.geom);',
        psqlTable(
          ['osm_id', 'ward_no', 'm2'],
          Array.from({ length: rng.int(820, 900) }, () => [
            String(rng.int(100000000, 999999999)),
            String(rng.int(1, 32)),
            String(rng.int(20, 900)),
          ]),
        ),
      ),
    );
  return one(
    undefined,
    ok(
      'runGdal',
      { command: `ogr2ogr -f GeoJSON /vsistdout/ ${DATA}/schools.gpkg` },
      out('json', {
        type: 'FeatureCollection',
        features: Array.from({ length: rng.int(160, 190) }, () => ({
          type: 'Feature',
          properties: {
            osm_id: rng.int(1e8, 9e8),
            name: rng.pick(['Shree Bal Bikas', 'Saraswati Secondary', 'Kanya Mandir', 'Padma Kanya']),
            ward_no: rng.int(1, 32),
          },
          geometry: {
            type: 'Point',
            coordinates: [Number(dur(rng, 85.28, 85.36, 6)), Number(dur(rng, 27.66, 27.75, 6))],
          },
        })),
      }),
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `हरेक वडाको बाढी-जोखिममा परेका भवनहरूको संख्या र क्षेत्रफल, ${t} तहमा`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `नमस्ते! डेटा ${DATA} मा छ — वडा, भवन (OSM), खोला, सडक, विद्यालय र स्वास्थ्य संस्थाका GeoPackage, SRTM DEM, र PostGIS डाटाबेस bagmati। मलाई ${needle} चाहियो, QGIS मा खोल्न मिल्ने गरी।`,
            },
            {
              step: many('Surveying the inputs first.', [
                shell(`ogrinfo -so ${DATA}/wards.gpkg`, ogrinfo(rng, 'wards')),
                sql(
                  'SELECT f_table_name, srid, type FROM geometry_columns;',
                  psqlTable(
                    ['f_table_name', 'srid', 'type'],
                    [
                      ['wards', '4326', 'MULTIPOLYGON'],
                      ['buildings', '4326', 'MULTIPOLYGON'],
                      ['flood_100y', '32645', 'MULTIPOLYGON'],
                    ],
                  ),
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
        const needle = `बाढी क्षेत्रबाट ५०० मिटरभित्रका विद्यालयहरूको सूची, ${t} नक्सासहित`;
        return { how: 'user-followup', needle, beats: [{ user: `अर्को काम: ${needle}।` }] };
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
            (x) => `${x} का सबै क्षेत्रफल EPSG:32645 मा नापिनुपर्छ`,
            (x) => `${x} को नतिजा GeoPackage मात्र, Shapefile होइन`,
            (x) => `मूल तह ${x} मा कुनै परिवर्तन नगर्नुहोस्`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`एउटा नियम: ${needle}।`, `सम्झनुहोस् — ${needle}; यो कार्यालयको नीति हो।`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `- Do not publish ${t} geometries outside the municipality network`;
        return {
          how: 'tool-doc',
          needle,
          beats: [
            {
              step: one(
                'Reading the data-use notes before exporting anything.',
                ok(
                  'readFile',
                  { path: `${DATA}/DATA_USE.md` },
                  out(
                    'text',
                    `# Data use\n\n- OSM data: ODbL, attribution required\n${needle}\n- DHM flood extents: internal planning only, ${rng.pick(['2023 edition', '2021 edition'])}`,
                  ),
                ),
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
            (x) =>
              `I'll count a building as exposed when its centroid falls in the ${x} flood polygon, not on any overlap`,
            (x) => `The join runs in PostGIS, with ${x} reprojected once into a UTM table, rather than in QGIS`,
            (x) => `निर्णय: ${x} को लागि ST_Subdivide गरेर मात्र join गर्ने`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}; it is stable for slivers and quick enough.`,
                sql(
                  `CREATE TABLE ${t}_utm AS SELECT fid, ST_Transform(geom, 32645) AS geom FROM flood_100y;`,
                  'SELECT 1',
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
        const needle = `${t} मा ५ मिटरभन्दा सानो भवन गनिँदैन`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`हामीले निर्णय गर्यौं: ${needle}।`, `यसो गरौं: ${needle}।`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${DATA}/out/${t}_exposure.gpkg`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'Writing the ward totals to a GeoPackage the planner can open in QGIS.',
                shell(
                  `ogr2ogr -f GPKG ${needle} PG:"dbname=bagmati" -sql "SELECT * FROM ward_exposure" -nln ward_exposure`,
                  '',
                ),
              ),
            },
            {
              step: one(
                undefined,
                shell(
                  `ogrinfo -so ${needle} ward_exposure`,
                  ogrinfo(rng, 'wards')
                    .replace(`${DATA}/wards.gpkg`, needle)
                    .replace('Layer name: wards', 'Layer name: ward_exposure'),
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
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `ERROR:  Operation on mixed SRID geometries (MultiPolygon, 4326) != (MultiPolygon, 32645) in ${t}`;
        return {
          how: 'tool-postgis',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sql(
                  `SELECT count(*) FROM buildings b JOIN flood_100y f ON ST_Intersects(b.geom, f.geom);`,
                  `${needle}\nCONTEXT:  SQL function "st_intersects" statement 1`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `The flood layer is in UTM and the buildings in WGS 84; ${t} needs one of them transformed.`,
                sql("SELECT Find_SRID('public', 'flood_100y', 'geom');", psqlTable(['find_srid'], [['32645']])),
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
        const needle = `ERROR 1: Attempt to write non-polygon (LINESTRING) geometry to POLYGON type shapefile ${t}.shp.`;
        return {
          how: 'tool-ogr',
          needle,
          beats: [
            {
              step: one(
                undefined,
                shell(
                  `ogr2ogr -f "ESRI Shapefile" ${DATA}/tmp/${t}.shp ${DATA}/rivers.gpkg -nlt POLYGON`,
                  `Warning 1: Value '${rng.pick(['Bagmati Nadi', 'Bishnumati Khola'])}' of field name_en has been truncated to 10 characters.  This warning will not be emitted any more for that layer.\n${needle}\nERROR 1: Unable to write feature 1 from layer rivers.\nERROR 1: Terminating translation prematurely after failed\ntranslation of layer rivers (use -skipfailures to skip errors)`,
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
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `Could not load source layer for INPUT: ${DATA}/roads.gpkg|layername=${t} not found`;
        return {
          how: 'tool-qgis',
          needle,
          beats: [
            {
              step: one(
                undefined,
                qgis(
                  'native:buffer',
                  {
                    INPUT: `${DATA}/roads.gpkg|layername=${t}`,
                    DISTANCE: 500,
                    SEGMENTS: 8,
                    DISSOLVE: 'false',
                    OUTPUT: `${DATA}/tmp/roads_500.gpkg`,
                  },
                  needle,
                  1,
                ),
              ),
            },
            {
              step: one(
                `The layer inside roads.gpkg is not called ${t}; listing its layers.`,
                shell(
                  `ogrinfo ${DATA}/roads.gpkg`,
                  `INFO: Open of \`${DATA}/roads.gpkg'\n      using driver \`GPKG' successful.\n1: roads (Multi Line String)`,
                ),
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
        const t = mint('num');
        const needle = `${t} m² exposed`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sql(
                  'SELECT sum(area_m2) FROM ward_exposure;',
                  `${psqlTable(['sum'], [[t]])}\n-- ${needle} across ${rng.int(12, 32)} wards`,
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
        const needle = `KMC-GIS-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `यो कामको टिकट ${needle} हो; नतिजाको फाइलनाम र commit सन्देशमा राख्नुहोस्।` }],
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
            (x) => `Next: style the ${x} layer with graduated colours and save a .qml beside it`,
            (x) => `Still to run: the 1-in-50-year extent through the same ${x} pipeline`,
            (x) => `बाँकी: ${x} नतिजा वडा कार्यालयहरूलाई PDF नक्सामा पठाउने`,
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
                shell(
                  `ls -la ${DATA}/out/`,
                  `total ${rng.int(2000, 9000)}\n-rw-r--r-- 1 gis gis ${rng.int(100000, 900000)} May 14 10:${rng.int(10, 59)} ward_exposure.gpkg`,
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
        const needle = `${t} वडाका स्वास्थ्य संस्थाहरू पनि गन्नुहोस्`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `धन्यवाद। अन्तमा: ${needle}।` },
            {
              step: one(
                `Adding health facilities for ${t}.`,
                shell(`ogrinfo -so ${DATA}/health_facilities.gpkg`, ogrinfo(rng, 'health_facilities')),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** The gis harness. */
export const BRINK_GIS: BrinkHarness = {
  style: 'gis',
  protocol: 'native',
  system: `You are a GIS analyst assistant for the Kathmandu Metropolitan City planning office. You work through tools: runGdal (a shell with GDAL 3.8 and OGR utilities), queryPostgis (psql against database "bagmati", PostGIS 3.4), runQgisProcessing (qgis_process from QGIS 3.34 LTR), readFile. Call several tools in one step when they do not depend on each other. Tool outputs come back typed: {"type":"text"|"json"|"error-text", "value": …}.\n\nData: ${DATA} — wards, buildings (OSM), rivers, roads, schools, health_facilities as GeoPackage in EPSG:4326; flood_100y in PostGIS (EPSG:32645); DEM under dem/.\n\nThe planner writes in Nepali; answer in Nepali, keep layer and field names as they are.`,
  tools: ['runGdal', 'queryPostgis', 'runQgisProcessing', 'readFile'],
  callId: (rng) => chars(rng, 9),
  noise: gisNoise,
  big: gisBig,
  followUp: (rng) =>
    rng.pick([
      'नतिजा के आयो?',
      'कति वडामा असर छ?',
      'कृपया फेरि चलाउनुहोस्।',
      'छोटकरीमा के परिवर्तन गर्नुभयो बताउनुहोस्।',
      'ठीक छ, अब के?',
      'QGIS मा खोल्न मिल्छ?',
    ]),
  keepGoing: (rng) => rng.pick(['जारी राख्नुहोस्।', 'नरोकी जारी राख्नुहोस्।', 'सबै वडाको नतिजा नआउन्जेल जारी राख्नुहोस्।']),
  answer: (rng) =>
    rng.pick([
      `सम्पन्न: ${rng.int(20, 32)} वडाको नतिजा ward_exposure.gpkg मा छ।`,
      'Done: the exposure table is in PostGIS and exported as a GeoPackage, areas in EPSG:32645.',
      'मिलाइयो। buildings तहमा केही अवैध ज्यामिति अझै छन्, तर नतिजामा असर छैन।',
      'सारांश: सबै तहहरू UTM मा रूपान्तरण भए र वडाअनुसार योगफल तयार छ।',
    ]),
  probe: (rng) => rng.pick(['जारी राख्नुहोस्।', 'जहाँ रोक्नुभएको थियो त्यहाँबाट जारी राख्नुहोस्।', 'अब के?']),
  planters: PLANTERS,
};
