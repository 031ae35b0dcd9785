/*
 * Plain native reference for `searchlab queens count`: Q(N) by bitboard backtracking with mirror
 * symmetry (first row in the left half, weight 2; odd N: the middle column with the second row in
 * the left half, weight 2), one thread. Compiled by tests/bench/cases/queens.mjs at bench time with
 * `gcc -O3 -march=native` when gcc exists (never committed as a binary).
 * This is the kind of reference (mirror symmetry only), not the kernels' method (which is
 * Takaken's, eight symmetries: queens-count-symmetry.c). Tasks are fixed by the first two rows as the
 * engine's mirror split did before (prefix rows are not nodes), one node per queen placed below,
 * the last row's free columns counted at once (571 M nodes for Q(16)).
 * Usage: queens-count N  →  prints "N solutions nodes ms".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t nodes;

/* Solutions below (cols, ld, rd) with `rows` rows still to fill (rows ≥ 1). */
static uint64_t count(uint32_t cols, uint32_t ld, uint32_t rd, int rows, uint32_t mask) {
  uint32_t sc[32], sl[32], sr[32], sa[32];
  uint64_t sols = 0, nd = 0;
  uint32_t avail = ~(cols | ld | rd) & mask;
  if (rows == 1) { int p = __builtin_popcount(avail); nodes += p; return p; }
  int d = 0, last = rows - 2; /* d: the row being filled, relative; `last`: the row before the final one */
  for (;;) {
    if (avail == 0) {
      if (d == 0) break;
      d--; cols = sc[d]; ld = sl[d]; rd = sr[d]; avail = sa[d];
      continue;
    }
    uint32_t bit = avail & -avail;
    avail ^= bit;
    nd++;
    uint32_t nc = cols | bit, nl = (ld | bit) << 1, nr = (rd | bit) >> 1;
    uint32_t na = ~(nc | nl | nr) & mask;
    if (d == last) { uint32_t p = __builtin_popcount(na); nd += p; sols += p; continue; }
    if (na == 0) continue;
    sc[d] = cols; sl[d] = ld; sr[d] = rd; sa[d] = avail; d++;
    cols = nc; ld = nl; rd = nr; avail = na;
  }
  nodes += nd;
  return sols;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 16;
  if (n < 6 || n > 32) { fprintf(stderr, "N in 6..32\n"); return 2; }
  uint32_t mask = n == 32 ? 0xffffffffu : (1u << n) - 1;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  uint64_t total = 0;
  /* Tasks as countSubproblems (N ≥ 6): [c0, c1] for c0 in the left half, then odd N's [mid, c1 < mid]. */
  for (int c0 = 0; c0 <= n / 2; c0++) {
    if (c0 == n / 2 && n % 2 == 0) break;
    int c1end = c0 == n / 2 ? c0 : n;
    for (int c1 = 0; c1 < c1end; c1++) {
      if (abs(c0 - c1) <= 1) continue;
      uint32_t a = 1u << c0, b = 1u << c1;
      uint32_t cols = a | b, ld = (((a << 1) | b) << 1) & mask, rd = ((a >> 1) | b) >> 1;
      total += 2 * count(cols, ld, rd, n - 2, mask);
    }
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
  printf("%d %llu %llu %.3f\n", n, (unsigned long long)total, (unsigned long long)nodes, ms);
  return 0;
}
