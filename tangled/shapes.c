#line 2171 "chapters/A-programs.nw"
/* shapes: what the encoder computes, what the decoder keeps. */
#include "seq2seq.h"

int main(int argc, char **argv)
{
    program_name = "shapes";
    DataConfig dc = data_config_default();
    ModelConfig mc = model_config_default();
    parse_options(argc, argv, NULL, 0,
                  "count the encoder's vectors and the decoder's");
    Dataset train_set, val_set;
    datasets_make(&train_set, &val_set, &dc);
    Model *m = model_create(&mc, 64, val_set.L, 1);
    Batch batch;
    batch_alloc(&batch, 64, val_set.L);
    int rows[64];
    for (int i = 0; i < 64; i++) rows[i] = i;
    batch_fill(&batch, &val_set, rows, 64);
    Encoding enc = encode_source(m, &batch);
    
#line 2199 "chapters/A-programs.nw"
long computed = 0;
for (int b = 0; b < enc.B; b++) computed += enc.len[b];
printf("A batch of $B = %d$ sentences, padded to $S = %d$ tokens:"
       " \\texttt{enc.out} has shape $[%d, %d, %d]$. The encoder"
       " computed %ld vectors of $H = %d$ numbers, one per real"
       " token (%ld positions are padding). The decoder without"
       " attention reads %d of them, \\texttt{h\\_last} and its"
       " cell \\texttt{c\\_last}, and discards the other %ld"
       " (%.0f\\%%): each sentence reaches the decoder as $2H = %d$"
       " numbers, whatever its length.\n", enc.B, enc.S, enc.B,
       enc.S, enc.H, computed, enc.H,
       (long)enc.B * enc.S - computed, enc.B, computed - enc.B,
       100.0 * (computed - enc.B) / computed, 2 * enc.H);
#line 2191 "chapters/A-programs.nw"
    batch_free(&batch);
    model_free(m);
    dataset_free(&train_set);
    dataset_free(&val_set);
    return 0;
}
