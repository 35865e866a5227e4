/**
 * The tau harness of the fringe family (fringe.ts): a tau-bench-like airline customer-service agent.
 * Its system prompt is a long policy the agent must follow (identity first, explicit confirmation
 * before any write, what basic economy and memberships allow, one tool call at a time); it calls
 * native functions (`get_user_details`, `get_reservation_details`, `search_direct_flight`,
 * `search_onestop_flight`, `update_reservation_flights`, `update_reservation_baggages`,
 * `cancel_reservation`, `book_reservation`, `calculate`, `think`, `transfer_to_human_agents`…)
 * answered by the database's JSON (Python's spacing) or by `Error: …` strings. The user is a
 * simulated customer writing Albanian; decisions are what the agent and the customer settle, and
 * constraints come from the policy and from the customer.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  cap,
  chars,
  fail,
  ok,
  one,
  pad,
  pyJson,
  say,
  type FringeCall,
  type FringeHarness,
  type FringeStep,
  type Planter,
} from './fringe-kit';

const USER = 'arta_krasniqi_5190';
/** The customer's own reservations (letters the minted codes never use, so no planted code is one of them). */
const RESERVATIONS = ['NO6JO3', 'AIXC49', 'HKEG34', '4WQ150', 'L0FE1A', 'UD81CB'];
const AIRPORTS = [
  'JFK',
  'LGA',
  'EWR',
  'BOS',
  'ORD',
  'ATL',
  'DFW',
  'DEN',
  'SEA',
  'SFO',
  'LAX',
  'MIA',
  'PHX',
  'IAH',
  'DTW',
  'MSP',
  'LAS',
  'PHL',
  'CLT',
  'MCO',
];
const CITIES: Record<string, string> = {
  JFK: 'New York',
  LGA: 'New York',
  EWR: 'Newark',
  BOS: 'Boston',
  ORD: 'Chicago',
  ATL: 'Atlanta',
  DFW: 'Dallas-Fort Worth',
  DEN: 'Denver',
  SEA: 'Seattle',
  SFO: 'San Francisco',
  LAX: 'Los Angeles',
  MIA: 'Miami',
  PHX: 'Phoenix',
  IAH: 'Houston',
  DTW: 'Detroit',
  MSP: 'Minneapolis',
  LAS: 'Las Vegas',
  PHL: 'Philadelphia',
  CLT: 'Charlotte',
  MCO: 'Orlando',
};
const CABINS = ['basic_economy', 'economy', 'business'] as const;

function flightNo(rng: Rng): string {
  return `HAT${pad(rng.int(1, 299), 3)}`;
}

function date(rng: Rng): string {
  return `2024-05-${pad(rng.int(16, 30))}`;
}

/** One flight as the search functions return it. */
function flight(rng: Rng, origin: string, destination: string, hour?: number): Record<string, unknown> {
  const dep = hour ?? rng.int(0, 21);
  const len = rng.int(1, 6);
  const seats = () => rng.int(0, 20);
  const be = rng.int(50, 100);
  return {
    flight_number: flightNo(rng),
    origin,
    destination,
    scheduled_departure_time_est: `${pad(dep)}:00:00`,
    scheduled_arrival_time_est: `${pad((dep + len) % 24)}:${rng.pick(['00', '30'])}:00${dep + len >= 24 ? '+1' : ''}`,
    status: 'available',
    available_seats: { basic_economy: seats(), economy: seats(), business: seats() },
    prices: { basic_economy: be, economy: be + rng.int(20, 120), business: be + rng.int(200, 420) },
  };
}

function reservation(rng: Rng, id: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  const [o, d] = rng.sample(AIRPORTS, 2) as [string, string];
  const round = rng.chance(0.6);
  const cabin = rng.pick(CABINS);
  const price = () => rng.int(60, 500);
  const day = rng.int(16, 28);
  const flights = [
    { origin: o, destination: d, flight_number: flightNo(rng), date: `2024-05-${pad(day)}`, price: price() },
  ];
  if (round)
    flights.push({
      origin: d,
      destination: o,
      flight_number: flightNo(rng),
      date: `2024-05-${pad(day + rng.int(1, 2))}`,
      price: price(),
    });
  const pax = rng.int(1, 3);
  const total = flights.reduce((s, f) => s + f.price, 0) * pax;
  return {
    reservation_id: id,
    user_id: USER,
    origin: o,
    destination: d,
    flight_type: round ? 'round_trip' : 'one_way',
    cabin,
    flights,
    passengers: [
      { first_name: 'Arta', last_name: 'Krasniqi', dob: '1988-03-14' },
      { first_name: 'Driton', last_name: 'Krasniqi', dob: '1986-11-02' },
      { first_name: 'Era', last_name: 'Krasniqi', dob: '2015-07-21' },
    ].slice(0, pax),
    payment_history: [{ payment_id: 'credit_card_7815826', amount: total }],
    created_at: `2024-05-${pad(rng.int(1, 14))}T${pad(rng.int(0, 23))}:${pad(rng.int(0, 59))}:${pad(rng.int(0, 59))}`,
    total_baggages: rng.int(0, 3),
    nonfree_baggages: 0,
    insurance: rng.pick(['yes', 'no']),
    ...over,
  };
}

function userDetails(rng: Rng, extra: Record<string, Record<string, unknown>> = {}): string {
  return pyJson({
    user_id: USER,
    name: { first_name: 'Arta', last_name: 'Krasniqi' },
    address: {
      address1: '451 Bergen Street',
      address2: 'Apt 3R',
      city: 'Brooklyn',
      country: 'USA',
      state: 'NY',
      zip: '11217',
    },
    email: 'arta.krasniqi1988@example.com',
    dob: '1988-03-14',
    payment_methods: {
      credit_card_7815826: { source: 'credit_card', brand: 'visa', last_four: '4417', id: 'credit_card_7815826' },
      gift_card_3309141: { source: 'gift_card', amount: rng.int(20, 300), id: 'gift_card_3309141' },
      certificate_5510872: { source: 'certificate', amount: rng.pick([100, 150, 250]), id: 'certificate_5510872' },
      ...extra,
    },
    saved_passengers: [{ first_name: 'Driton', last_name: 'Krasniqi', dob: '1986-11-02' }],
    membership: 'silver',
    reservations: RESERVATIONS,
  });
}

function search(rng: Rng, origin: string, destination: string, d: string, n: number): FringeCall {
  const out = n === 0 ? '[]' : pyJson(Array.from({ length: n }, () => flight(rng, origin, destination)));
  return ok('search_direct_flight', { origin, destination, date: d }, out);
}

function onestop(rng: Rng, origin: string, destination: string, d: string, n: number): FringeCall {
  const hubs = AIRPORTS.filter((a) => a !== origin && a !== destination);
  const pairs = Array.from({ length: n }, () => {
    const via = rng.pick(hubs);
    const first = flight(rng, origin, via, rng.int(0, 12));
    const h = Number(String(first['scheduled_arrival_time_est']).slice(0, 2)) + rng.int(1, 3);
    return [
      { ...first, date: d },
      { ...flight(rng, via, destination, Math.min(23, h)), date: d },
    ];
  });
  return ok('search_onestop_flight', { origin, destination, date: d }, pyJson(pairs));
}

function calc(expression: string, value: number): FringeCall {
  return ok('calculate', { expression }, value.toFixed(1));
}

function think(thought: string): FringeCall {
  return ok('think', { thought }, '');
}

function tauNoise(rng: Rng): FringeStep {
  const r = rng.int(0, 7);
  if (r === 0 || r === 1) {
    const id = rng.pick(RESERVATIONS);
    return one(undefined, ok('get_reservation_details', { reservation_id: id }, pyJson(reservation(rng, id))));
  }
  if (r === 2) {
    const [o, d] = rng.sample(AIRPORTS, 2) as [string, string];
    return one(undefined, search(rng, o, d, date(rng), rng.int(0, 4)));
  }
  if (r === 3) {
    const a = rng.int(2, 3);
    const p = rng.int(60, 400);
    const b = rng.int(0, 3);
    return one(undefined, calc(`${a} * ${p} + ${b} * 50`, a * p + b * 50));
  }
  if (r === 4) return one(undefined, ok('get_user_details', { user_id: USER }, userDetails(rng)));
  if (r === 5)
    return one(
      undefined,
      ok('list_all_airports', {}, pyJson(Object.fromEntries(AIRPORTS.map((a) => [a, CITIES[a] as string])))),
    );
  if (r === 6)
    return one(
      undefined,
      think(
        rng.pick([
          'The customer is silver: 2 free checked bags per passenger in economy, 1 in basic economy. Check the cabin before quoting.',
          'Flights already flown cannot be changed; only the remaining segments count. Check the dates against 2024-05-15.',
          'I must list the exact action and get an explicit yes before calling any update function.',
        ]),
      ),
    );
  const [o, d] = rng.sample(AIRPORTS, 2) as [string, string];
  return one(undefined, onestop(rng, o, d, date(rng), rng.int(1, 4)));
}

function tauBig(rng: Rng): FringeStep {
  const [o, d] = rng.sample(AIRPORTS, 2) as [string, string];
  return one(undefined, onestop(rng, o, d, date(rng), rng.int(36, 48)));
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('code');
        const needle = `të ndryshoj rezervimin ${t} në një fluturim më të hershëm`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Përshëndetje! Jam Arta Krasniqi, ID-ja ime e përdoruesit është ${USER}. Dua ${needle}, sepse takimi im në punë u zhvendos një ditë para. Nëse është e mundur, pa e ndryshuar klasën.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('code');
        const needle = `të shtoj dy valixhe në rezervimin ${t}`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Edhe diçka tjetër: dua ${needle}, për vajzën dhe për mua.` }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('code');
        const needle = `të anuloj rezervimin ${t} dhe të marr paratë mbrapsht`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Tani, për një rezervim tjetër — dua ${needle}. Udhëtimi nuk bëhet më.` }],
        };
      },
    },
  ],
  constraint: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('num');
        const needle = say(
          rng,
          [
            (x) => `mos e përdor gift_card_${x}, paguaj vetëm me kartën e kreditit`,
            (x) => `kartën credit_card_${x} mos e prek, është e bllokuar`,
            (x) => `certifikatën certificate_${x} e ruaj për verën, mos e përdor tani`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            { user: rng.pick([`Një gjë të rëndësishme: ${needle}.`, `Ju lutem — ${needle}.`, `Kujdes: ${needle}.`]) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `pasagjeri ${cap(t)} Krasniqi duhet të mbetet në rezervim`;
        return { how: 'user-rule', needle, beats: [{ user: `Çfarëdo që të bëni, ${needle} — ai udhëton me mua.` }] };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('code');
        const needle = `Reservation ${t} is basic economy, so per policy its flights cannot be modified`;
        return {
          how: 'agent-policy',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'get_reservation_details',
                  { reservation_id: t },
                  pyJson(reservation(rng, t, { cabin: 'basic_economy', insurance: 'no' })),
                ),
              ),
            },
            {
              step: one(
                undefined,
                think(
                  `${needle}; the only options are cancelling (not eligible: booked more than 24h ago, no insurance) or keeping it.`,
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
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('code');
        const [o, d] = rng.sample(AIRPORTS, 2) as [string, string];
        const day = date(rng);
        const f = flight(rng, o, d, rng.int(6, 11));
        const fn = String(f['flight_number']);
        const needle = `reservation ${t} moves to ${fn} on ${day}, economy, difference charged to credit_card_7815826`;
        return {
          how: 'agent-proposal',
          needle,
          beats: [
            { user: `Po, rezervimi ${t}. Kontrolloni fluturimet e mëngjesit për ${day}, ju lutem.` },
            {
              step: one(
                undefined,
                ok(
                  'search_direct_flight',
                  { origin: o, destination: d, date: day },
                  pyJson([f, flight(rng, o, d, rng.int(13, 21))]),
                ),
              ),
            },
            {
              answer: `I found ${fn} departing ${String(f['scheduled_departure_time_est']).slice(0, 5)} EST. To confirm the action: ${needle}. Shall I proceed (yes/no)?`,
            },
            { user: 'Po, vazhdoni.' },
            {
              step: one(
                undefined,
                ok(
                  'update_reservation_flights',
                  {
                    reservation_id: t,
                    cabin: 'economy',
                    flights: [{ flight_number: fn, date: day }],
                    payment_id: 'credit_card_7815826',
                  },
                  pyJson(reservation(rng, t, { cabin: 'economy', origin: o, destination: d, flight_type: 'one_way' })),
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
        const t = mint('code');
        const needle = say(
          rng,
          [
            (x) => `Going with the one-stop via ORD for ${x}: no direct flight has economy seats left`,
            (x) => `For ${x} I will offer cancellation with a full refund, since insurance covers the change of plans`,
            (x) => `Decided: ${x} keeps its cabin and only the return segment changes`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'get_reservation_details',
                  { reservation_id: t },
                  pyJson(reservation(rng, t, { insurance: 'yes', cabin: 'economy' })),
                ),
              ),
            },
            { step: one(undefined, think(`${needle}. I still need the customer's explicit yes before updating.`)) },
          ],
        };
      },
    },
  ],
  file: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `raport_mjekesor_${t}.pdf`;
        return {
          how: 'user-attachment',
          needle,
          beats: [
            {
              user: `Kam një raport nga mjeku, skedari quhet ${needle}. A mund t'jua dërgoj që të anulohet rezervimi pa pagesë?`,
            },
            {
              answer: `I'm sorry, I can't receive or review documents such as ${needle}. A cancellation for health reasons is covered only when the reservation has travel insurance; let me check which of your reservations have it.`,
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const id = rng.pick(RESERVATIONS);
        const needle = `receipts/2024/05/${id}-${t}.pdf`;
        return {
          how: 'tool-receipt',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'get_receipt',
                  { reservation_id: id },
                  pyJson({
                    reservation_id: id,
                    file: needle,
                    amount: rng.int(120, 900),
                    currency: 'USD',
                    sent_to: 'arta.krasniqi1988@example.com',
                  }),
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
        const t = mint('num');
        const needle = `Error: payment method credit_card_${t} not found`;
        const id = rng.pick(RESERVATIONS);
        return {
          how: 'tool-error',
          needle,
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'update_reservation_baggages',
                  { reservation_id: id, total_baggages: 3, nonfree_baggages: 1, payment_id: `credit_card_${t}` },
                  needle,
                ),
              ),
            },
            { step: one(undefined, ok('get_user_details', { user_id: USER }, userDetails(rng))) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('code');
        const needle = `Error: reservation ${t} not found`;
        return {
          how: 'tool-error',
          needle,
          beats: [
            { step: one(undefined, fail('get_reservation_details', { reservation_id: t }, needle)) },
            {
              step: one(
                undefined,
                think(
                  `${t} is not in the customer's list (${RESERVATIONS.join(', ')}); I must ask her to read the code again instead of guessing.`,
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
        const t = mint('num');
        const needle = `Error: certificate_${t} cannot be used to update reservation`;
        const id = rng.pick(RESERVATIONS);
        return {
          how: 'tool-error',
          needle,
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'update_reservation_flights',
                  {
                    reservation_id: id,
                    cabin: 'economy',
                    flights: [{ flight_number: flightNo(rng), date: date(rng) }],
                    payment_id: `certificate_${t}`,
                  },
                  needle,
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
        const t = mint('code');
        const fn = flightNo(rng);
        const needle = `Error: not enough seats on flight ${fn} for reservation ${t}`;
        return {
          how: 'tool-error',
          needle,
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'update_reservation_flights',
                  {
                    reservation_id: t,
                    cabin: 'business',
                    flights: [{ flight_number: fn, date: date(rng) }],
                    payment_id: 'credit_card_7815826',
                  },
                  needle,
                ),
              ),
            },
            {
              step: one(
                undefined,
                think(
                  `${fn} is full in business for ${t}. I have to tell the customer and offer the next flight, not book a different cabin on my own.`,
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
        const needle = `certificate_${t}`;
        const amount = rng.pick([50, 100, 150, 200]);
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'send_certificate',
                  { user_id: USER, amount },
                  `Certificate ${needle} added to user ${USER} with amount ${amount}.`,
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
        const t = mint('num');
        const needle = `gift_card_${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [
            { user: `Kam edhe një kartë dhuratë nga kompania juaj, numri është ${needle}. A del në profilin tim?` },
          ],
        };
      },
    },
  ],
  pending: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('code');
        const needle = say(
          rng,
          [
            (x) => `Still pending: add the 2 checked bags to ${x} once the customer names the payment method`,
            (x) => `Next: cancel ${x} after the customer confirms with a yes`,
            (x) => `Open item — the return segment of ${x} has not been changed yet`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [{ step: one(undefined, think(`${needle}. Nothing may be updated before that.`)) }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('code');
        const needle = `pasi të mbaroni, kontrolloni edhe rezervimin ${t} për bagazhet`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Faleminderit. Dhe në fund: ${needle}.` },
            { step: one(undefined, ok('get_reservation_details', { reservation_id: t }, pyJson(reservation(rng, t)))) },
          ],
        };
      },
    },
  ],
};

const POLICY = `# Airline Agent Policy

The current time is 2024-05-15 15:00:00 EST.

As an airline agent, you help users book, modify or cancel flight reservations, and answer questions about them.

- Before any action that updates the booking database (booking, modifying flights, editing baggage, upgrading the cabin, changing passengers), list the action's details and obtain explicit user confirmation (yes) to proceed.
- Do not give information, knowledge or procedures not provided by the user or the tools, and do not give subjective recommendations or comments.
- Make at most one tool call at a time; if you make a tool call, do not respond to the user in the same turn.
- Deny requests that are against this policy.
- Transfer the user to a human agent if and only if the request cannot be handled within the scope of your actions.

## Domain basics

- Each user has a profile with user id, email, addresses, date of birth, payment methods, reservation numbers and membership tier (regular, silver, gold).
- Each reservation has a reservation id, user id, trip type (one way, round trip), flights, passengers, payment methods, created time, baggages and travel insurance information.
- Each flight has a flight number, origin, destination, scheduled times, and for each date a status and seats and prices per cabin.

## Book flight

- Obtain the user id first, then the trip type, origin and destination.
- Passengers: at most five per reservation; first name, last name and date of birth for each.
- Payment: at most one travel certificate, at most one credit card and at most three gift cards. A certificate's remaining amount is not refundable. All payment methods must already be in the user profile.
- Checked bags: a regular member gets 0 free bags in basic economy, 1 in economy, 2 in business; silver gets 1, 2, 3; gold gets 2, 3, 3. Each extra bag is 50 dollars.
- Travel insurance: 30 dollars per passenger; it enables a full refund when the user cancels for health or weather reasons.

## Modify flight

- Obtain the user id and the reservation id first.
- Basic economy flights cannot be modified. Other reservations may change flights without changing origin, destination and trip type; flights already flown cannot be changed.
- The cabin may change for all reservations, for all flights of the reservation at once.
- A price difference is paid with a credit card or gift card from the profile, or refunded to the original payment method; certificates cannot be used here.
- Passengers may be changed but not their number; bags may be added but not removed; insurance cannot be added after booking.

## Cancel flight

- Obtain the user id, the reservation id and the reason (change of plan, airline cancelled flight, or other).
- Cancellation is allowed if the booking was made within the last 24 hours, or the airline cancelled the flight, or it is business class, or the user has insurance and the reason is covered. No cancellation once any segment has been flown; transfer to a human agent then.
- Refunds go to the original payment methods within 5 to 7 business days.

## Refund

- Only when the user complains about cancelled or delayed flights and is silver/gold or has insurance or flies business may you offer a certificate (100 dollars per passenger for a cancellation, 50 for a delay), after confirming the facts. Never offer it unprompted.`;

/** The tau harness. */
export const FRINGE_TAU: FringeHarness = {
  style: 'tau',
  protocol: 'native',
  system: `${POLICY}\n\nThe user may write in any language; reply in the user's language (this conversation: Albanian).`,
  tools: [
    'get_user_details',
    'get_reservation_details',
    'search_direct_flight',
    'search_onestop_flight',
    'list_all_airports',
    'update_reservation_flights',
    'update_reservation_baggages',
    'cancel_reservation',
    'book_reservation',
    'send_certificate',
    'get_receipt',
    'calculate',
    'think',
    'transfer_to_human_agents',
  ],
  callId: (rng) => `call_${chars(rng, 24)}`,
  noise: tauNoise,
  big: tauBig,
  followUp: (rng) =>
    rng.pick([
      'Sa do të më kushtojë kjo?',
      'A ka ndonjë fluturim direkt?',
      'Mirë, po pastaj?',
      'A mund ta kontrolloni edhe një herë, ju lutem?',
      'Sa valixhe falas kam?',
      'Nuk e kuptova mirë, më shpjegoni pak më thjesht.',
    ]),
  keepGoing: (rng) => rng.pick(['Vazhdoni, ju lutem.', 'Po, vazhdoni.', 'Në rregull, vazhdoni derisa të mbaroni.']),
  answer: (rng) =>
    rng.pick([
      'Rezervimi juaj u përditësua. A mund t’ju ndihmoj me diçka tjetër?',
      `Ky fluturim kushton ${rng.int(60, 400)} dollarë për pasagjer në ekonomi. Dëshironi të vazhdojmë?`,
      'Sipas rregullave tona, ky ndryshim nuk lejohet. Mund t’ju ofroj alternativat e tjera.',
      'I have checked the reservation; nothing has been changed yet. Is there anything else?',
    ]),
  probe: (rng) => rng.pick(['Vazhdoni.', 'Po tani?', 'Mirë, vazhdoni nga aty ku mbetët.']),
  planters: PLANTERS,
};
