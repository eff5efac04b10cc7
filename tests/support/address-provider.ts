import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for getAddress.io's `GET /find/{postcode}?api-key=…&expand=true`, on a real
// port, so tests (and the browser tests) exercise the real HTTP client. It answers like the
// real service: 200 with addresses, 404 for an unknown postcode, 401 for a wrong key.
// Modes make it misbehave on purpose: hang (never answers), error (500), bad-json, rate-limited.

export const PROVIDER_KEY = 'test-key-7f3a9c';

export type ProviderMode = 'normal' | 'hang' | 'error' | 'bad-json' | 'rate-limited';

export type ProviderRequest = {
  method: string;
  path: string;
  postcode: string;
  apiKey: string | null;
  expand: string | null;
};

type GetAddressEntry = {
  formatted_address: string[];
  thoroughfare: string;
  building_name: string;
  sub_building_name: string;
  sub_building_number: string;
  building_number: string;
  line_1: string;
  line_2: string;
  line_3: string;
  line_4: string;
  locality: string;
  town_or_city: string;
  county: string;
  district: string;
  country: string;
  residential: boolean;
};

function entry(parts: Partial<GetAddressEntry> & Pick<GetAddressEntry, 'line_1' | 'town_or_city'>): GetAddressEntry {
  const e: GetAddressEntry = {
    thoroughfare: '',
    building_name: '',
    sub_building_name: '',
    sub_building_number: '',
    building_number: '',
    line_2: '',
    line_3: '',
    line_4: '',
    locality: '',
    county: '',
    district: '',
    country: 'England',
    residential: true,
    formatted_address: [],
    ...parts,
  };
  // getAddress.io always sends five lines, blanks included.
  if (e.formatted_address.length === 0) {
    e.formatted_address = [
      e.line_1,
      e.line_2,
      [e.line_3, e.line_4, e.locality].filter(Boolean).join(', '),
      e.town_or_city,
      e.county,
    ];
  }
  return e;
}

/** Known postcodes, keyed without spaces (the real service ignores spacing and case). */
export const KNOWN_POSTCODES: Record<
  string,
  { postcode: string; latitude: number; longitude: number; addresses: GetAddressEntry[] }
> = {
  SW1A1AA: {
    postcode: 'SW1A 1AA',
    latitude: 51.501009,
    longitude: -0.141588,
    addresses: [
      entry({
        building_name: 'Buckingham Palace',
        line_1: 'Buckingham Palace',
        town_or_city: 'London',
        district: 'City of Westminster',
        residential: false,
      }),
    ],
  },
  HG12AB: {
    postcode: 'HG1 2AB',
    latitude: 53.99421,
    longitude: -1.5387,
    addresses: [
      entry({
        building_number: '12',
        thoroughfare: 'Orchard Lane',
        line_1: '12 Orchard Lane',
        town_or_city: 'Harrogate',
        county: 'North Yorkshire',
        district: 'Harrogate',
      }),
      entry({
        sub_building_name: 'Flat 2',
        building_name: 'The Maltings',
        line_1: 'Flat 2, The Maltings',
        line_2: 'Maltings Yard',
        line_3: 'Orchard Lane',
        locality: 'Bilton',
        town_or_city: 'Harrogate',
        county: 'North Yorkshire',
        district: 'Harrogate',
      }),
    ],
  },
};

export type AddressProvider = {
  /** Base URL for ADDRESS_LOOKUP_URL, e.g. http://127.0.0.1:41234 */
  url: string;
  key: string;
  requests: ProviderRequest[];
  setMode(mode: ProviderMode): void;
  close(): Promise<void>;
};

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startAddressProvider(options: { key?: string } = {}): Promise<AddressProvider> {
  const key = options.key ?? PROVIDER_KEY;
  let mode: ProviderMode = 'normal';
  const requests: ProviderRequest[] = [];

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://provider.test');
    const match = /^\/find\/([^/]+)$/.exec(url.pathname);
    const postcode = match ? decodeURIComponent(match[1]!) : '';
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      postcode,
      apiKey: url.searchParams.get('api-key'),
      expand: url.searchParams.get('expand'),
    });

    if (mode === 'hang') return; // never answers; the client's timeout must give up
    if (mode === 'error') return send(res, 500, { Message: 'Internal server error' });
    if (mode === 'rate-limited') return send(res, 429, { Message: 'Too many requests' });
    if (req.method !== 'GET' || !match) return send(res, 404, { Message: 'Not found' });
    if (url.searchParams.get('api-key') !== key) return send(res, 401, { Message: 'Api key is not valid.' });
    if (mode === 'bad-json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"postcode": "SW1A 1AA", "addresses": [');
    }
    const found = KNOWN_POSTCODES[postcode.replace(/\s+/g, '').toUpperCase()];
    if (!found) return send(res, 404, { Message: 'Postcode not found' });
    return send(res, 200, found);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    key,
    requests,
    setMode(next) {
      mode = next;
    },
    close() {
      // Hanging requests would keep close() waiting for ever.
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
