/* xoshiro128** 1.1 as published at https://prng.di.unimi.it/xoshiro128starstar.c (Blackman & Vigna),
   with the state passed explicitly; plus the splitmix32 seeding of searchlab's rng.ts header. */
#include <stdint.h>
#include <stdio.h>
static inline uint32_t rotl(const uint32_t x, int k) { return (x << k) | (x >> (32 - k)); }
static uint32_t s[4];
uint32_t next(void) {
  const uint32_t result = rotl(s[1] * 5, 7) * 9;
  const uint32_t t = s[1] << 9;
  s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 11);
  return result;
}
static uint32_t sm;
uint32_t splitmix32(void) {
  uint32_t z = (sm += 0x9e3779b9u);
  z = (z ^ (z >> 16)) * 0x85ebca6bu;
  z = (z ^ (z >> 13)) * 0xc2b2ae35u;
  return z ^ (z >> 16);
}
static void dump(const char *name, int n) {
  printf("%s: [", name);
  for (int i = 0; i < n; i++) printf("%s0x%08x", i ? ", " : "", next());
  printf("],\n  state after: [0x%08x, 0x%08x, 0x%08x, 0x%08x]\n", s[0], s[1], s[2], s[3]);
}
int main(void) {
  s[0] = 1; s[1] = 2; s[2] = 3; s[3] = 4; dump("raw 1,2,3,4", 12);
  s[0] = 0x01234567u; s[1] = 0x89abcdefu; s[2] = 0xdeadbeefu; s[3] = 0xcafef00du; dump("raw 0x01234567,0x89abcdef,0xdeadbeef,0xcafef00d", 8);
  /* 1000 draws: report the 1000th */
  s[0] = 1; s[1] = 2; s[2] = 3; s[3] = 4; uint32_t x = 0; for (int i = 0; i < 1000; i++) x = next();
  printf("raw 1,2,3,4 draw #1000: 0x%08x\n", x);
  uint32_t seeds[] = {0u, 1u, 0xffffffffu, 0x80000000u, 42u};
  for (int k = 0; k < 5; k++) {
    sm = seeds[k]; s[0] = splitmix32(); s[1] = splitmix32(); s[2] = splitmix32(); s[3] = splitmix32();
    printf("seed 0x%08x state: [0x%08x, 0x%08x, 0x%08x, 0x%08x] ", seeds[k], s[0], s[1], s[2], s[3]);
    dump("draws", 4);
  }
  /* Rng.forStream(seed, index) = new Rng(splitmix32(splitmix32(seed) ^ index)), splitmix32(x) = first output from x */
  uint32_t pairs[][2] = {{0u, 0u}, {0u, 1u}, {1u, 0u}, {42u, 7u}, {0xffffffffu, 0xffffffffu}};
  for (int k = 0; k < 5; k++) {
    sm = pairs[k][0]; uint32_t h = splitmix32() ^ pairs[k][1]; sm = h; uint32_t d = splitmix32();
    sm = d; s[0] = splitmix32(); s[1] = splitmix32(); s[2] = splitmix32(); s[3] = splitmix32();
    printf("stream (0x%08x, 0x%08x) seed 0x%08x ", pairs[k][0], pairs[k][1], d);
    dump("draws", 4);
  }
  return 0;
}
