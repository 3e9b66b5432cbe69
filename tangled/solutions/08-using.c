#line 777 "chapters/C-solutions.nw"
/* Worked solutions to the coded exercises of chapter 8. */
#include "checkpoint.h"
#include <math.h>
#include <string.h>
#line 788 "chapters/C-solutions.nw"
typedef struct {
    int version, family, min_words, max_words;
    int src_vocab, tgt_vocab, E, H, attention;
} ExCkptInfo;

static int le32(const unsigned char *p)
{
    return (int)((uint32_t)p[0] | (uint32_t)p[1] << 8
                 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
}

int ex_ckpt_info(const unsigned char *buf, size_t n,
                 ExCkptInfo *info)
{
    if (n < 40 || memcmp(buf, ckpt_magic, CKPT_MAGIC_BYTES))
        return -1;
    size_t at = 40 + (uint32_t)le32(buf + 36);  /* the record */
    if (at > n || n - at < 24) return -1;
    *info = (ExCkptInfo){ le32(buf + 8), le32(buf + 20),
                          le32(buf + 24), le32(buf + 28),
                          le32(buf + at + 4), le32(buf + at + 8),
                          le32(buf + at + 12), le32(buf + at + 16),
                          le32(buf + at + 20) };
    return 0;
}
#line 820 "chapters/C-solutions.nw"
double ex_coverage_penalty(const real *w, int rows, int S,
                           int src_len, double beta)
{
    double cp = 0;
    for (int i = 0; i < src_len; i++) {
        double sum = 0;
        for (int j = 0; j < rows; j++) sum += w[(size_t)j * S + i];
        cp += log(sum < 1 ? sum : 1);
    }
    return beta * cp;
}
