// `npx tsx scripts/bench/iso-time.ts`: what src/server/http/iso-time.ts saves. An answer of
// 100 forum replies writes 200 times; each is written here with Date's own toISOString and
// with isoTime, 5,000 rounds after a warm-up, and the time per answer is printed. Figures in
// docs/performance.md, 'Speed machinery: what each piece buys'.
import { isoTime } from '../../src/server/http/iso-time';

const dates = Array.from({ length: 200 }, (_, i) => new Date(1_764_000_000_000 + i * 977_123));

function microsPerAnswer(write: (d: Date) => string, rounds: number): number {
  let length = 0;
  const started = process.hrtime.bigint();
  for (let r = 0; r < rounds; r += 1) for (const d of dates) length += write(d).length;
  if (length === 0) throw new Error('nothing written');
  return Number(process.hrtime.bigint() - started) / rounds / 1000;
}

for (let i = 0; i < 3; i += 1) {
  microsPerAnswer((d) => d.toISOString(), 2000);
  microsPerAnswer(isoTime, 2000);
}
const native = microsPerAnswer((d) => d.toISOString(), 5000);
const ours = microsPerAnswer(isoTime, 5000);
console.log(`200 times: toISOString ${native.toFixed(0)} µs, isoTime ${ours.toFixed(0)} µs`);
