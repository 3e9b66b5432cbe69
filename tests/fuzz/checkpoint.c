/* A libFuzzer target for the checkpoint loader (chapter 8): make
   fuzz. Every input is read four ways: decoded as it is, which
   exercises the checks before the checksum; decoded with its length
   field and checksum rewritten to fit, as a forger would, which lets
   the fuzzer reach the checks after the checksum; read as a stream
   (ckpt_read, the path of a FIFO or a pipe); and loaded from a
   regular file (ckpt_load). The width of the beam the model is
   loaded for is any that translate allows, 1 to 64, chosen by the
   input's length, and a model that loads translates a sentence with
   beam search of that width. The loader must refuse or accept
   without a crash, a leak, a hang, or undefined behaviour. */
#include "beam.h"
#include "checkpoint.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

enum { MAX_WIDTH = 64 };        /* translate's largest --beam */

/* translate "the dog sees a cat", cut to the model's longest
   sentence, with beam search of width k, as translate does */
static void translate_once(Model *m, int max_words, int k)
{
    static const char *const words[] = { "the", "dog", "sees", "a",
                                         "cat" };
    Vocab en;
    vocab_build(&en, &reversal_task, SOURCE);
    int ids[MAX_WORDS + 3], len = 0;
    ids[len++] = SOS;
    for (int w = 0; w < 5 && w < max_words; w++)
        ids[len++] = vocab_find(&en, words[w]);
    ids[len++] = EOS;
    vocab_free(&en);
    Dataset one = { 1, len, ids, ids, &len, &len, NULL, NULL, NULL,
                    NULL, 0 };
    Batch batch;
    batch_alloc(&batch, 1, len);
    int row = 0, steps = len - 1, out[MAX_WORDS + 3];
    batch_fill(&batch, &one, &row, 1);
    real *w = xcalloc((size_t)steps * len, sizeof(real));
    BeamConfig bc = { k, BEAM_ALPHA };
    beam_decode(m, &batch, &bc, steps, out, NULL, w);
    free(w);
    batch_free(&batch);
}

static void check(CkptStatus s, Checkpoint *ck, const CkptError *err,
                  int k)
{
    if (s == CKPT_OK) {
        translate_once(ck->model, ck->max_words, k);
        ckpt_free(ck);
    } else if (!err->message[0]) {
        abort();                            /* a refusal says why */
    }
}

static void decode(const unsigned char *buf, size_t n, int k)
{
    Checkpoint ck;
    CkptError err;
    check(ckpt_decode(&ck, &reversal_task, buf, n, k, &err), &ck, &err, k);
}

/* the same bytes through the two ways a file is read */
static void read_as_files(const uint8_t *data, size_t size, int k)
{
    static char path[64];
    if (!path[0])
        snprintf(path, sizeof path, "/tmp/am-fuzz-%ld.ckpt",
                 (long)getpid());
    Checkpoint ck;
    CkptError err;
    FILE *f = fmemopen((void *)data, size ? size : 1, "rb");
    if (f && size) {
        check(ckpt_read(&ck, &reversal_task, f, k, &err), &ck, &err, k);
    }
    if (f) fclose(f);
    f = fopen(path, "wb");
    if (!f) return;
    fwrite(data, 1, size, f);
    fclose(f);
    check(ckpt_load(&ck, &reversal_task, path, k, &err), &ck, &err, k);
    unlink(path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int k = 1 + (int)(size % MAX_WIDTH);
    decode(data, size, k);
    read_as_files(data, size, k);
    if (size < CKPT_MIN_BYTES) return 0;
    unsigned char *buf = malloc(size);      /* exactly size bytes */
    memcpy(buf, data, size);
    for (int b = 0; b < 8; b++)
        buf[12 + b] = (unsigned char)((uint64_t)size >> 8 * b);
    uint32_t crc = (uint32_t)crc32(0L, buf, (uInt)(size - 4));
    for (int b = 0; b < 4; b++)
        buf[size - 4 + b] = (unsigned char)(crc >> 8 * b);
    decode(buf, size, k);
    free(buf);
    return 0;
}
