/* bench/threads' independent program: SHA-256 of one message by N threads of one process, each
 * with its own context, the OpenSSL 3 calls written out directly (no speedmatrix code), so that
 * speedmatrix's thread figures can be set beside it.
 *
 *   threads-openssl MODE THREADS BYTES SECONDS
 *
 * MODE: evp (EVP_MD fetched once, one context reused: EVP_DigestInit_ex2/Update/Final_ex),
 * evp-per-message (per message: fetch, new context, digest, free both), implicit (EVP_sha256()
 * passed to EVP_DigestInit_ex on a reused context), implicit-per-message (per message: new
 * context, EVP_sha256() to its init, digest, free). Prints "ops_per_sec TOTAL" and one
 * "thread I OPS_PER_SEC" line per thread; every thread runs from one start barrier until the
 * main thread raises a flag, its rate over its own measured time. */
#define _GNU_SOURCE
#include <openssl/evp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef enum { EVP_REUSED, EVP_PER_MESSAGE, IMPLICIT_REUSED, IMPLICIT_PER_MESSAGE } Mode;

static const struct {
  const char *name;
  Mode mode;
} modes[] = {
    {"evp", EVP_REUSED},
    {"evp-per-message", EVP_PER_MESSAGE},
    {"implicit", IMPLICIT_REUSED},
    {"implicit-per-message", IMPLICIT_PER_MESSAGE},
};

static Mode mode;
static size_t bytes;
static pthread_barrier_t start;
static atomic_bool stop;

typedef struct {
  double rate;
  int failed;
} Result;

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int digest_once(EVP_MD *fetched, EVP_MD_CTX *ctx, const unsigned char *in,
                       unsigned char *out)
{
  unsigned int len = 0;
  switch (mode) {
  case EVP_REUSED:
    return EVP_DigestInit_ex2(ctx, fetched, NULL) == 1 && EVP_DigestUpdate(ctx, in, bytes) == 1 &&
           EVP_DigestFinal_ex(ctx, out, &len) == 1;
  case IMPLICIT_REUSED:
    return EVP_DigestInit_ex(ctx, EVP_sha256(), NULL) == 1 &&
           EVP_DigestUpdate(ctx, in, bytes) == 1 && EVP_DigestFinal_ex(ctx, out, &len) == 1;
  case EVP_PER_MESSAGE: {
    EVP_MD *md = EVP_MD_fetch(NULL, "SHA256", NULL);
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    int ok = md != NULL && c != NULL && EVP_DigestInit_ex2(c, md, NULL) == 1 &&
             EVP_DigestUpdate(c, in, bytes) == 1 && EVP_DigestFinal_ex(c, out, &len) == 1;
    EVP_MD_CTX_free(c);
    EVP_MD_free(md);
    return ok;
  }
  case IMPLICIT_PER_MESSAGE: {
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    int ok = c != NULL && EVP_DigestInit_ex(c, EVP_sha256(), NULL) == 1 &&
             EVP_DigestUpdate(c, in, bytes) == 1 && EVP_DigestFinal_ex(c, out, &len) == 1;
    EVP_MD_CTX_free(c);
    return ok;
  }
  }
  return 0;
}

static void *worker(void *arg)
{
  Result *result = arg;
  unsigned char *in = calloc(bytes ? bytes : 1, 1);
  unsigned char out[EVP_MAX_MD_SIZE];
  EVP_MD *fetched = EVP_MD_fetch(NULL, "SHA256", NULL);
  EVP_MD_CTX *ctx = EVP_MD_CTX_new();
  for (size_t i = 0; i < bytes; i++)
    in[i] = (unsigned char)i;
  pthread_barrier_wait(&start);
  unsigned long long ops = 0;
  double begin = now();
  while (!atomic_load_explicit(&stop, memory_order_relaxed)) {
    for (int i = 0; i < 64; i++)
      if (!digest_once(fetched, ctx, in, out))
        result->failed = 1;
    ops += 64;
  }
  result->rate = (double)ops / (now() - begin);
  EVP_MD_CTX_free(ctx);
  EVP_MD_free(fetched);
  free(in);
  return NULL;
}

int main(int argc, char **argv)
{
  int found = 0;
  for (size_t i = 0; argc == 5 && i < sizeof modes / sizeof modes[0]; i++)
    if (strcmp(argv[1], modes[i].name) == 0) {
      mode = modes[i].mode;
      found = 1;
    }
  int threads = argc == 5 ? atoi(argv[2]) : 0;
  if (!found || threads < 1 || threads > 1024) {
    fprintf(stderr, "usage: threads-openssl evp|evp-per-message|implicit|implicit-per-message "
                    "THREADS BYTES SECONDS\n");
    return 2;
  }
  bytes = (size_t)atol(argv[3]);
  double seconds = atof(argv[4]);
  pthread_t *ids = calloc((size_t)threads, sizeof *ids);
  Result *results = calloc((size_t)threads, sizeof *results);
  pthread_barrier_init(&start, NULL, (unsigned)threads + 1);
  for (int t = 0; t < threads; t++)
    pthread_create(&ids[t], NULL, worker, &results[t]);
  pthread_barrier_wait(&start);
  struct timespec wait = {(time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9)};
  nanosleep(&wait, NULL);
  atomic_store(&stop, true);
  double total = 0;
  int failed = 0;
  for (int t = 0; t < threads; t++) {
    pthread_join(ids[t], NULL);
    total += results[t].rate;
    failed |= results[t].failed;
  }
  printf("ops_per_sec %.2f\n", total);
  for (int t = 0; t < threads; t++)
    printf("thread %d %.2f\n", t, results[t].rate);
  free(ids);
  free(results);
  return failed ? 1 : 0;
}
