/* Seeds for the checkpoint fuzzer: a valid checkpoint of every
   attention kind and a Transformer, each in two sizes, a small one
   (a few hundred parameters) and one of a real model's size (tens of
   kilobytes, E = H = 16, or D = 16 with 2 heads), written into the
   folder given, and one LSTM checkpoint of 8-byte values: the
   programs write 4-byte values, so without it the loader's
   conversion from the other width (where a double too large for a
   float hides) would start unseeded. */
#include "checkpoint.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static void put(unsigned char *p, uint64_t x, int bytes)
{
    for (int k = 0; k < bytes; k++)
        p[k] = (unsigned char)(x >> 8 * k);
}

/* ck's file with every 4-byte value widened to 8 bytes, its width
   field, length and checksum rewritten to fit */
static void save_as_doubles(const Checkpoint *ck, const char *path)
{
    size_t n = ckpt_encode(NULL, ck), N = ck->model->params.count;
    unsigned char *f4 = xcalloc(n, 1);
    ckpt_encode(f4, ck);
    size_t head = n - 4 - 4 * N, m = head + 8 * N + 4;
    unsigned char *f8 = xcalloc(m, 1);
    memcpy(f8, f4, head);
    size_t task = 4 + strlen(ck->task->name);   /* the task's name */
    put(f8 + CKPT_HEADER_BYTES + 16 + task + 4 + LSTM_RECORD_BYTES, 8,
        4);
    for (size_t i = 0; i < N; i++) {
        float f;
        double d;
        uint64_t bits;
        memcpy(&f, f4 + head + 4 * i, 4);   /* little-endian host */
        d = f;
        memcpy(&bits, &d, 8);
        put(f8 + head + 8 * i, bits, 8);
    }
    put(f8 + 12, m, 8);
    uLong crc = crc32(crc32(0L, Z_NULL, 0), f8, (uInt)(m - 4));
    put(f8 + m - 4, crc, 4);
    Checkpoint back;
    CkptError err;
    if (ckpt_decode(&back, &reversal_task, f8, m, 2, &err) != CKPT_OK)
        refuse("the 8-byte seed does not load: %s", err.message);
    ckpt_free(&back);
    FILE *out = out_open(path);
    fwrite(f8, 1, m, out);
    out_close(out);
    free(f4);
    free(f8);
}

int main(int argc, char **argv)
{
    program_name = "fuzz-seeds";
    if (argc != 2) refuse("usage: fuzz-seeds FOLDER");
    for (int big = 0; big <= 1; big++)
    for (int kind = 0; kind_name(kind); kind++) {
        ModelConfig c = model_config_default();
        kind_config(&c, kind);
        c.E = big ? 16 : 2;
        c.H = big ? 16 : 2 + kind % 2;
        if (c.family == &transformer_family) {
            c.H = big ? 16 : 2; c.heads = big ? 2 : 1;
            c.ff = big ? 32 : 2;
        }
        Model *m = model_create(&c, 2, 8, (uint64_t)kind);
        Checkpoint ck = { 3, 6, m, &reversal_task };
        char path[600];
        snprintf(path, sizeof path, "%s/%s%s.ckpt", argv[1],
                 kind_name(kind), big ? "-16" : "");
        ckpt_save(&ck, path);
        if (kind == ATTN_DOT && !big) {
            snprintf(path, sizeof path, "%s/dot-8byte.ckpt", argv[1]);
            save_as_doubles(&ck, path);
        }
        model_free(ck.model);
    }
    return 0;
}
