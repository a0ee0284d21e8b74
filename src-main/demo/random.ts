// Seeded randomness for the demo portfolio: same seed, same data, on every machine.
//
// Why not pure-rand (which fast-check brings in)? It is only a transitive devDependency, so a
// production install (`npm ci --omit=dev`) would not have it, and its version floats with
// fast-check's: "same seed, same data" must not depend on either. The generator below is sfc32
// (Chris Doty-Humphrey's Small Fast Counting generator, public domain, passes PractRand and
// BigCrush), seeded through splitmix32. It only uses 32-bit integer arithmetic (Math.imul, shifts),
// which JavaScript defines exactly, so every engine yields the same stream.
//
// Nothing here reads the clock or Math.random().

const TWO_POW_32 = 4294967296;

/** splitmix32's output function: a bijective 32-bit mixer (so distinct inputs stay distinct). */
export function mix32(x: number): number {
  let z = x >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
  z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
  return (z ^ (z >>> 15)) >>> 0;
}

/** A 32-bit hash of a string (FNV-1a, then mixed), to derive named sub-streams from a seed. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  }
  return mix32(h);
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** `stream` selects an independent sequence for the same seed (a number or a label). */
  constructor(seed: number, stream: number | string = 0) {
    const s = typeof stream === 'string' ? hashString(stream) : stream >>> 0;
    let x = (mix32(seed >>> 0) ^ mix32(s + 0x9e3779b9)) >>> 0;
    const next = () => {
      x = (x + 0x9e3779b9) >>> 0;
      return mix32(x);
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = 1; // sfc32's counter
    for (let i = 0; i < 12; i++) this.uint32();
  }

  /** A derived, independent generator: consumes one draw of this one. */
  fork(label: string | number): Rng {
    return new Rng(this.uint32(), label);
  }

  uint32(): number {
    let t = (this.a + this.b) >>> 0;
    this.a = (this.b ^ (this.b >>> 9)) >>> 0;
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.d = (this.d + 1) >>> 0;
    t = (t + this.d) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uint32() / TWO_POW_32;
  }

  /** Uniform float in [min, max). */
  float(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Uniform integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** A value drawn with probability proportional to its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of entries) total += w;
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }

  /**
   * Normal-ish: Irwin-Hall (sum of 4 uniforms), rescaled to the given mean and standard
   * deviation. Bounded at about ±3.5 sd, which suits demo data (no absurd outliers).
   */
  normal(mean = 0, sd = 1): number {
    const s = this.next() + this.next() + this.next() + this.next();
    return mean + sd * (s - 2) * Math.sqrt(3);
  }

  /** Normal-ish, clamped to [min, max]. */
  normalIn(mean: number, sd: number, min: number, max: number): number {
    return Math.min(max, Math.max(min, this.normal(mean, sd)));
  }

  /** Log-normal-ish around a median: median x e^(sigma x N(0,1)). */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = out[i]!;
      out[i] = out[j]!;
      out[j] = tmp;
    }
    return out;
  }

  /** `count` distinct items in random order (all of them when count >= length): a partial Fisher-Yates. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const k = Math.min(Math.max(0, count), pool.length);
    for (let i = 0; i < k; i++) {
      const j = i + Math.floor(this.next() * (pool.length - i));
      const tmp = pool[i]!;
      pool[i] = pool[j]!;
      pool[j] = tmp;
    }
    pool.length = k;
    return pool;
  }
}

const HEX_DIGITS = [48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 97, 98, 99, 100, 101, 102]; // 0-9 a-f
const DASH = 45;

/**
 * Deterministic UUID-shaped ids (8-4-4-4-12 hex, version nibble 4, RFC 4122 variant) from the
 * seed and a counter. Like a UUIDv7 they start with an increasing 48-bit prefix (a seed-derived
 * base, plus the counter times a stride, plus jitter), so ids of one portfolio never collide and go into SQLite's primary-key
 * B-trees in order (a random-key insert costs several times more); the other 74 bits are hash
 * noise.
 */
export class IdFactory {
  private counter = 0;
  private readonly salt: number;
  private readonly base: number;
  private readonly chars = new Array<number>(36);
  private at = 0;

  /**
   * `idSalt` (a store's identity) is mixed into every id, so that two stores seeded alike hold
   * the same content under different ids; without it the ids depend on the seed alone.
   */
  constructor(seed: number, idSalt = '') {
    const noise = idSalt ? hashString(`ids:${idSalt}`) : 0;
    const prefix = idSalt ? hashString(`prefix:${idSalt}`) : 0;
    this.salt = mix32(((seed >>> 0) ^ 0x5bd1e995 ^ noise) >>> 0);
    // < 2^46: the prefix stays below 2^48 for 2^30 ids (2^30 x 4099 < 2^42).
    this.base = mix32(((seed >>> 0) ^ 0x2545f491 ^ prefix) >>> 0) * 16_384;
  }

  get issued(): number {
    return this.counter;
  }

  /** Appends the low `digits` hex digits of a 32-bit value, with the dashes of the UUID layout. */
  private hex(value: number, digits: number): void {
    const chars = this.chars;
    for (let shift = (digits - 1) * 4; shift >= 0; shift -= 4) {
      const at = this.at;
      if (at === 8 || at === 13 || at === 18 || at === 23) {
        chars[at] = DASH;
        this.at = at + 1;
      }
      chars[this.at++] = HEX_DIGITS[(value >>> shift) & 15]!;
    }
  }

  next(): string {
    const c = this.counter++;
    const w1 = mix32((this.salt + mix32(c * 3)) >>> 0);
    const w2 = mix32((this.salt + mix32(c * 3 + 1)) >>> 0);
    const w3 = mix32((this.salt + mix32(c * 3 + 2)) >>> 0);
    // Strictly increasing (the jitter is smaller than the stride), without looking like a counter.
    const prefix = this.base + c * 4_099 + (w3 & 0xfff);
    this.at = 0;
    this.hex(Math.floor(prefix / 65_536) >>> 0, 8);
    this.hex(prefix % 65_536, 4);
    this.hex(4, 1); // version 4
    this.hex(w1 >>> 20, 3);
    this.hex(8 | ((w1 >>> 18) & 3), 1); // variant 10xx
    this.hex((w1 >>> 6) & 0xfff, 3);
    this.hex(w2, 8);
    this.hex(w3 >>> 16, 4);
    return String.fromCharCode.apply(null, this.chars);
  }
}

export function roundTo(value: number, step: number): number {
  const r = Math.round(value / step) * step;
  // Steps below 1 leave binary noise (0.055000000000000007): snap to 9 decimals, which every
  // step used here divides. (Only done where 9 decimals stay exact in a double.)
  return step < 1 && Math.abs(r) < 1e6 ? Math.round(r * 1e9) / 1e9 : r;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
