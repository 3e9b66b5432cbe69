#line 1750 "chapters/10-captions.nw"
/* captioner.h: the captioner, a family of models that reads images
   (chapter 10). */
#ifndef CAPTIONER_H
#define CAPTIONER_H
#include "seq2seq.h"
#line 1772 "chapters/10-captions.nw"
extern const ModelFamily captioner_family;
extern const char *const captioner_variant[];
ModelConfig captioner_config_default(void);
typedef struct {
    Seq2Seq s;                      /* first: chapter 4's decoder */
    int pos;                        /* [L, H], or -1 */
    int h0_W, h0_b, c0_W, c0_b;     /* [H, H], [1, H] */
    int *len;                       /* [B]: L */
    real *mean, *pre_h;             /* [B, H] each */
    real *d_mean, *d_pre;           /* [B, H] each */
    real *d_outside;                /* [B, T', L] */
} Captioner;
static inline Captioner *captioner_of(Model *m)
{
    return (Captioner *)m;
}
int captioner_variant_from_name(const char *name);  /* refuses */
#line 1756 "chapters/10-captions.nw"
#endif
