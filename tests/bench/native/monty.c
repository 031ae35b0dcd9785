/*
 * Plain scalar C references for the Monty Hall benchmark (tests/bench/cases/monty.mjs compiles this
 * at bench time with `gcc -O3 -march=native`; no binary is committed). Standard host, 3 doors, stay,
 * switch and random (p = 1/2) scored on every game, xoshiro128** (docs/contracts/rng.md) and
 * multiply-shift ranges with Lemire's rejection.
 *
 *   monty <games> <seed>
 *
 * prints one JSON line with two measurements:
 *  - "issue": the simulation issue 8 quotes (177-214 M games/s on the reference machine): one
 *    generator, car = U(3), pick = U(3), the host's U(2) only when car = pick, then coin(p);
 *  - "contract": the draws and chunking of docs/contracts/monty.md for the 3-door game (chunks of
 *    2^20 games, 8 lanes = streams 8i+l, w = U(18), coin(p)), whose counters must equal the WASM
 *    kernel's for the same seed (the bench asserts it).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef struct { uint32_t s[4]; } rng_t;

static inline uint32_t rotl(uint32_t x, int k) { return (x << k) | (x >> (32 - k)); }

static inline uint32_t next_u32(rng_t *r) {
  uint32_t *s = r->s;
  const uint32_t result = rotl(s[1] * 5, 7) * 9;
  const uint32_t t = s[1] << 9;
  s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl(s[3], 11);
  return result;
}

static inline uint32_t mix32(uint32_t z) {
  z = (z ^ (z >> 16)) * 0x85ebca6bu;
  z = (z ^ (z >> 13)) * 0xc2b2ae35u;
  return z ^ (z >> 16);
}

static void seed_rng(rng_t *r, uint32_t x) {
  for (int i = 0; i < 4; i++) { x += 0x9e3779b9u; r->s[i] = mix32(x); }
}

static void seed_stream(rng_t *r, uint32_t seed, uint32_t index) {
  seed_rng(r, mix32((mix32(seed + 0x9e3779b9u) ^ index) + 0x9e3779b9u));
}

/* Uniform in [0, m): multiply-shift with rejection (Lemire). */
static inline uint32_t range(rng_t *r, uint32_t m) {
  uint64_t p = (uint64_t)next_u32(r) * m;
  uint32_t low = (uint32_t)p;
  if (low < m) {
    const uint32_t t = (0u - m) % m;
    while (low < t) { p = (uint64_t)next_u32(r) * m; low = (uint32_t)p; }
  }
  return (uint32_t)(p >> 32);
}

static double clock_of(clockid_t id) {
  struct timespec ts;
  clock_gettime(id, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}
/* wall time, and this process's CPU time (the fairer figure on shared, overloaded cores) */
static double now(void) { return clock_of(CLOCK_MONOTONIC); }
static double cpu(void) { return clock_of(CLOCK_PROCESS_CPUTIME_ID); }

/* counters: games-lowest, games-other, stay-lowest, stay-other, switch-lowest, switch-other, random-lowest, random-other */
typedef struct { uint64_t c[8]; } counts_t;

static inline void score(counts_t *k, int car, int pick, int first, int switching) {
  const int low = pick == 0 ? 1 : 0;
  const int other = first == low ? 0 : 1;
  const int target = 3 - pick - first;
  const int stay = car == pick, sw = target == car;
  k->c[0 + other]++;
  k->c[2 + other] += stay;
  k->c[4 + other] += sw;
  k->c[6 + other] += switching ? sw : stay;
}

static void issue(uint64_t games, uint32_t seed, counts_t *k) {
  rng_t r;
  seed_rng(&r, seed);
  for (uint64_t g = 0; g < games; g++) {
    const int car = (int)range(&r, 3), pick = (int)range(&r, 3);
    const int low = pick == 0 ? 1 : 0, high = pick == 2 ? 1 : 2;
    const int first = car == pick ? (range(&r, 2) ? high : low) : 3 - pick - car;
    const int switching = next_u32(&r) < 0x80000000u;
    score(k, car, pick, first, switching);
  }
}

static void contract(uint64_t games, uint32_t seed, counts_t *k) {
  for (uint64_t chunk = 0; chunk * (1u << 20) < games; chunk++) {
    uint64_t n = games - chunk * (1u << 20);
    if (n > (1u << 20)) n = 1u << 20;
    /* game j of the chunk is lane j mod 8's; the counters are sums, so each lane plays its games in turn */
    for (uint32_t l = 0; l < 8; l++) {
      rng_t r;
      seed_stream(&r, seed, 8 * (uint32_t)chunk + l);
      for (uint64_t j = l; j < n; j += 8) {
        const int w = (int)range(&r, 18);
        const int c = w & 1, car = w / 6, pick = (w >> 1) % 3;
        const int switching = next_u32(&r) < 0x80000000u;
        const int low = pick == 0 ? 1 : 0, high = pick == 2 ? 1 : 2;
        const int first = car == pick ? (c ? high : low) : 3 - pick - car;
        score(k, car, pick, first, switching);
      }
    }
  }
}

static void print_counts(const counts_t *k) {
  printf("[0");
  for (int i = 0; i < 8; i++) printf(",%llu", (unsigned long long)k->c[i]);
  printf("]");
}

int main(int argc, char **argv) {
  if (argc < 3) { fprintf(stderr, "usage: monty <games> <seed>\n"); return 2; }
  const uint64_t games = strtoull(argv[1], NULL, 10);
  const uint32_t seed = (uint32_t)strtoll(argv[2], NULL, 10);
  counts_t a = {{0}}, b = {{0}};
  double t0 = now(), c0 = cpu();
  issue(games, seed, &a);
  double t1 = now(), c1 = cpu();
  contract(games, seed, &b);
  double t2 = now(), c2 = cpu();
  printf("{\"games\":%llu,\"issueSeconds\":%.6f,\"contractSeconds\":%.6f,\"issueCpuSeconds\":%.6f,\"contractCpuSeconds\":%.6f,\"issueCounters\":",
         (unsigned long long)games, t1 - t0, t2 - t1, c1 - c0, c2 - c1);
  print_counts(&a);
  printf(",\"contractCounters\":");
  print_counts(&b);
  printf("}\n");
  return 0;
}
