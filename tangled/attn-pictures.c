#line 4650 "chapters/A-programs.nw"
/* attn-pictures: the data of chapter 7's pictures of the masks and
   of the positional encoding, from the code that builds them. */
#include "transformer.h"
#include <stdio.h>
enum { MASK_T = 6, MASK_LEN = 4, PE_T = 64, PE_D = 64 };
#line 4681 "chapters/A-programs.nw"
static void write_mask(FILE *f, const char *name, const int *key_len,
                       int causal)
{
    int mask[MASK_T * MASK_T];
    attention_mask(mask, key_len, causal, 1, MASK_T, MASK_T);
    fprintf(f, "\\def\\mask%s{", name);
    for (int i = 0; i < MASK_T; i++)
        for (int j = 0; j < MASK_T; j++)
            fprintf(f, "%s%d/%d/%d", i + j ? "," : "", i, j,
                    mask[i * MASK_T + j]);
    fprintf(f, "}\n");
}

static void write_masks(const char *path)
{
    int key_len[1] = { MASK_LEN };
    FILE *f = out_open(path);
    fprintf(f, "\\def\\maskT{%d}\\def\\masklen{%d}\n", MASK_T,
            MASK_LEN);
    write_mask(f, "padding", key_len, 0);
    write_mask(f, "causal", NULL, 1);
    write_mask(f, "both", key_len, 1);
    out_close(f);
}
#line 4707 "chapters/A-programs.nw"
static void write_positions(const char *path)
{
    static real pe[PE_T * PE_D];
    positional_encoding(pe, PE_T, PE_D);
    FILE *f = out_open(path);
    fprintf(f, "# position p, component d, PE[p][d]\n");
    for (int p = 0; p < PE_T; p++) {
        for (int d = 0; d < PE_D; d++)
            fprintf(f, "%d %d %.6f\n", p, d, pe[p * PE_D + d]);
        fprintf(f, "\n");
    }
    out_close(f);
}

#line 4658 "chapters/A-programs.nw"
int main(int argc, char **argv)
{
    program_name = "attn-pictures";
    char *masks = NULL, *positions = NULL;
    Option options[] = {
        {"--masks", OPT_TEXT, &masks, 0, 0, "file for the masks"},
        {"--positions", OPT_TEXT, &positions, 0, 0,
         "file for the positional encoding"},
    };
    parse_options(argc, argv, options, 2, "write the data of the"
                  " pictures of the attention masks (TikZ) and of"
                  " the positional encoding (gnuplot) of chapter 7");
    if (!masks && !positions)
        refuse("nothing to write: give --masks, --positions or both");
    if (masks) out_plan("--masks", masks);
    if (positions) out_plan("--positions", positions);
    if (masks) write_masks(masks);
    if (positions) write_positions(positions);
    return 0;
}
