/*
 * The plain native reference of the WASM Manhattan IDA* (benchmark tool, not shipped): the search
 * contract of docs/contracts/search.md on the 15-puzzle with Korf's blank-first goal — moves of the
 * blank in the order up, down, left, right, the inverse of the previous move skipped, Manhattan
 * updated incrementally — so it expands exactly the nodes the kernels expand.
 * Input (stdin): lines "id<TAB>optimal<TAB>16 tiles"; '#' lines skipped.
 * Output: one line per instance: id length expanded generated milliseconds.
 * Build: gcc -O3 -march=native -o ida-manhattan ida-manhattan.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N 16
static int board[N];
static int nbr[N][4];
static int md[N][N]; /* md[tile][cell] */
static long long expanded, generated;
static int path_len;

static int search(int blank, int g, int h, int bound, int prev, int *next) {
  int f = g + h;
  if (f > bound) { if (f < *next) *next = f; return 0; }
  if (h == 0) { path_len = g; return 1; }
  expanded++;
  for (int d = 0; d < 4; d++) {
    if (prev >= 0 && d == (prev ^ 1)) continue;
    int b = nbr[blank][d];
    if (b < 0) continue;
    generated++;
    int t = board[b];
    int nh = h - md[t][b] + md[t][blank];
    board[blank] = t; board[b] = 0;
    int found = search(b, g + 1, nh, bound, d, next);
    board[b] = t; board[blank] = 0;
    if (found) return 1;
  }
  return 0;
}

int main(void) {
  for (int c = 0; c < N; c++) {
    int r = c / 4, q = c % 4;
    nbr[c][0] = r > 0 ? c - 4 : -1;
    nbr[c][1] = r < 3 ? c + 4 : -1;
    nbr[c][2] = q > 0 ? c - 1 : -1;
    nbr[c][3] = q < 3 ? c + 1 : -1;
    for (int t = 0; t < N; t++) md[t][c] = t == 0 ? 0 : abs(r - t / 4) + abs(q - t % 4);
  }
  char line[512];
  while (fgets(line, sizeof line, stdin)) {
    if (line[0] == '#' || line[0] < '0' || line[0] > '9') continue;
    int id, optimal, blank = 0, h = 0;
    char *p = line;
    id = (int)strtol(p, &p, 10);
    optimal = (int)strtol(p, &p, 10);
    (void)optimal;
    for (int c = 0; c < N; c++) {
      board[c] = (int)strtol(p, &p, 10);
      if (board[c] == 0) blank = c;
      h += md[board[c]][c];
    }
    expanded = generated = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int bound = h;;) {
      int next = 1 << 30;
      if (search(blank, 0, h, bound, -1, &next)) break;
      bound = next;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
    printf("%d %d %lld %lld %.3f\n", id, path_len, expanded, generated, ms);
    fflush(stdout);
  }
  return 0;
}
