/*
 * Native C count of Q(N) with Takaken's method (the eight symmetries), the same method as the WASM
 * kernel and the TS reference (docs/contracts/queens.md, "Counting"), as a plain recursion over the
 * whole board (no task split). Compiled by tests/bench/cases/queens.mjs at bench time with
 * `gcc -O3 -march=native` when gcc exists (never committed as a binary), to show how far WASM is from
 * native code on the same method. Nodes here also count row 1's queen (the kernels' task prefix).
 * Usage: queens-count-symmetry N  →  prints "N solutions nodes ms" (4 ≤ N ≤ 31).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static int SIZE, MASK, SIZEE, TOPBIT, ENDBIT, SIDEMASK, LASTMASK, BOUND1, BOUND2;
static int BOARD[32], *BOARDE, *BOARD1, *BOARD2;
static long long COUNT8, COUNT4, COUNT2, NODES;
static void Check(void) {
  int *own, *you, bit, ptn;
  if (*BOARD2 == 1) {
    for (ptn = 2, own = BOARD + 1; own <= BOARDE; own++, ptn <<= 1) {
      bit = 1;
      for (you = BOARDE; *you != ptn && *own >= bit; you--) bit <<= 1;
      if (*own > bit) return;
      if (*own < bit) break;
    }
    if (own > BOARDE) { COUNT2++; return; }
  }
  if (*BOARDE == ENDBIT) {
    for (you = BOARDE - 1, own = BOARD + 1; own <= BOARDE; own++, you--) {
      bit = 1;
      for (ptn = TOPBIT; ptn != *you && *own >= bit; ptn >>= 1) bit <<= 1;
      if (*own > bit) return;
      if (*own < bit) break;
    }
    if (own > BOARDE) { COUNT4++; return; }
  }
  if (*BOARD1 == TOPBIT) {
    for (ptn = TOPBIT >> 1, own = BOARD + 1; own <= BOARDE; own++, ptn >>= 1) {
      bit = 1;
      for (you = BOARD; *you != ptn && *own >= bit; you++) bit <<= 1;
      if (*own > bit) return;
      if (*own < bit) break;
    }
  }
  COUNT8++;
}
static void Backtrack2(int y, int left, int down, int right) {
  int bitmap = MASK & ~(left | down | right), bit;
  if (y == SIZEE) {
    if (bitmap) { if (!(bitmap & LASTMASK)) { NODES++; BOARD[y] = bitmap; Check(); } }
  } else {
    if (y < BOUND1) { bitmap |= SIDEMASK; bitmap ^= SIDEMASK; }
    else if (y == BOUND2) {
      if (!(down & SIDEMASK)) return;
      if ((down & SIDEMASK) != SIDEMASK) bitmap &= SIDEMASK;
    }
    while (bitmap) { bitmap ^= BOARD[y] = bit = -bitmap & bitmap; NODES++; Backtrack2(y + 1, (left | bit) << 1, down | bit, (right | bit) >> 1); }
  }
}
static void Backtrack1(int y, int left, int down, int right) {
  int bitmap = MASK & ~(left | down | right), bit;
  if (y == SIZEE) { if (bitmap) { NODES++; BOARD[y] = bitmap; COUNT8++; } }
  else {
    if (y < BOUND1) { bitmap |= 2; bitmap ^= 2; }
    while (bitmap) { bitmap ^= BOARD[y] = bit = -bitmap & bitmap; NODES++; Backtrack1(y + 1, (left | bit) << 1, down | bit, (right | bit) >> 1); }
  }
}
int main(int argc, char **argv) {
  SIZE = argc > 1 ? atoi(argv[1]) : 16;
  if (SIZE < 4 || SIZE > 31) { fprintf(stderr, "N in 4..31\n"); return 2; }
  struct timespec t0, t1; clock_gettime(CLOCK_MONOTONIC, &t0);
  int bit;
  SIZEE = SIZE - 1; BOARDE = &BOARD[SIZEE]; TOPBIT = 1 << SIZEE; MASK = (1 << SIZE) - 1;
  BOARD[0] = 1;
  for (BOUND1 = 2; BOUND1 < SIZEE; BOUND1++) { BOARD[1] = bit = 1 << BOUND1; Backtrack1(2, (2 | bit) << 1, (1 | bit), bit >> 1); }
  SIDEMASK = LASTMASK = TOPBIT | 1; ENDBIT = TOPBIT >> 1;
  for (BOUND1 = 1, BOUND2 = SIZE - 2; BOUND1 < BOUND2; BOUND1++, BOUND2--) {
    BOARD1 = &BOARD[BOUND1]; BOARD2 = &BOARD[BOUND2];
    BOARD[0] = bit = 1 << BOUND1;
    Backtrack2(1, bit << 1, bit, bit >> 1);
    LASTMASK |= LASTMASK >> 1 | LASTMASK << 1; ENDBIT >>= 1;
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  printf("%d %lld %lld %.3f\n", SIZE, COUNT8 * 8 + COUNT4 * 4 + COUNT2 * 2, NODES, (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6);
}
