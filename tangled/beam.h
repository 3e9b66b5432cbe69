#line 1645 "chapters/08-using.nw"
/* beam.h: beam search (chapter 8). */
#ifndef BEAM_H
#define BEAM_H
#include "model.h"
#line 1611 "chapters/08-using.nw"
typedef struct {
    int width;                      /* k: hypotheses per sentence */
    double alpha;                   /* length penalty; 0 for none */
} BeamConfig;
#define BEAM_ALPHA 0.6
double length_penalty(int length, double alpha);
int beam_steps(const Batch *batch);     /* the longest limit */
void target_logprob(Model *m, const Batch *batch,
                    double *logprob /* [B] */);
void beam_decode(Model *m, const Batch *batch, const BeamConfig *bc,
                 int steps, int *out /* [B, steps] */,
                 double *logprob /* [B] or NULL */,
                 real *weights /* [B, steps, S] or NULL */);
#line 1650 "chapters/08-using.nw"
#endif
