// The bench's native reference for loading pattern databases (tests/bench/cases/pdb.mjs): reads
// each cache file given on the command line (past its 32-byte header) into fresh malloc'd memory,
// as a native solver would load its tables, and sums the bytes so that every page is touched and
// the reads cannot be skipped. Prints the milliseconds, then the sum.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
  double start = now_ms();
  uint64_t sum = 0;
  for (int i = 1; i < argc; i++) {
    FILE *f = fopen(argv[i], "rb");
    if (!f || fseek(f, 0, SEEK_END) != 0) return 2;
    long size = ftell(f) - 32;
    if (size <= 0 || fseek(f, 32, SEEK_SET) != 0) return 2;
    uint8_t *table = malloc((size_t)size);
    if (!table || fread(table, 1, (size_t)size, f) != (size_t)size) return 3;
    fclose(f);
    for (long j = 0; j < size; j++) sum += table[j];
    free(table);
  }
  printf("%.1f %llu\n", now_ms() - start, (unsigned long long)sum);
  return 0;
}
