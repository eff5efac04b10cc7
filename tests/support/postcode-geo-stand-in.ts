import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for postcodes.io (`GET /postcodes/{postcode}`, `GET /outcodes/{outcode}`,
// answering {status, result: {latitude, longitude, ...}} or 404), on a real port, so tests
// exercise the real HTTP client. The points are the real ones of these places.
// Modes make it misbehave on purpose: down (500 to everything), slow (never answers).

export type GeoStandInMode = 'normal' | 'down' | 'slow';

/** Full postcodes, keyed without spaces. */
export const STAND_IN_POSTCODES: Record<string, { latitude: number; longitude: number }> = {
  YO17HH: { latitude: 53.959965, longitude: -1.087298 }, // York, by the Minster
  LS14DY: { latitude: 53.796487, longitude: -1.547802 }, // Leeds city centre
  SW1A1AA: { latitude: 51.501009, longitude: -0.141588 }, // London, Buckingham Palace
  HG12AB: { latitude: 53.99421, longitude: -1.5387 }, // Harrogate
};

export const STAND_IN_OUTCODES: Record<string, { latitude: number; longitude: number }> = {
  YO1: { latitude: 53.958777, longitude: -1.082399 },
  LS1: { latitude: 53.797179, longitude: -1.546707 },
  SW1A: { latitude: 51.50229, longitude: -0.135519 },
  HG1: { latitude: 53.997463, longitude: -1.535468 },
};

export type GeoStandIn = {
  url: string;
  /** Paths asked, in order. */
  requests: string[];
  setMode(mode: GeoStandInMode): void;
  close(): Promise<void>;
};

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** `outcodes` adds outward codes to the known ones (the bench's towns). */
export async function startGeoStandIn(
  outcodes: Record<string, { latitude: number; longitude: number }> = {},
): Promise<GeoStandIn> {
  const knownOutcodes = { ...STAND_IN_OUTCODES, ...outcodes };
  let mode: GeoStandInMode = 'normal';
  const requests: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://geo.test');
    requests.push(url.pathname);
    if (mode === 'slow') return; // never answers; the client's timeout must give up
    if (mode === 'down') return send(res, 500, { status: 500, error: 'Internal server error' });
    const match = /^\/(postcodes|outcodes)\/([^/]+)$/.exec(url.pathname);
    const code = match ? decodeURIComponent(match[2]!).replace(/\s+/g, '').toUpperCase() : '';
    const found = match?.[1] === 'postcodes' ? STAND_IN_POSTCODES[code] : knownOutcodes[code];
    if (!found)
      return send(res, 404, {
        status: 404,
        error: match?.[1] === 'outcodes' ? 'Outcode not found' : 'Postcode not found',
      });
    return send(res, 200, { status: 200, result: { postcode: code, ...found, country: 'England' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode(next) {
      mode = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
