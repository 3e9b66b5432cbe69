#line 1935 "chapters/A-programs.nw"
/* task-samples: print sample pairs of the task as LaTeX. */
#include "task.h"
#include <string.h>

int main(int argc, char **argv)
{
    program_name = "task-samples";
    DataConfig c = data_config_default();
    int count = 6, seed = 1;
    char *stats_file = NULL;
    
#line 1957 "chapters/A-programs.nw"
Option options[] = {
    {"--count", OPT_INT, &count, 1, 100, "pairs to print"},
    {"--seed", OPT_INT, &seed, 0, 1e9, "data seed"},
    {"--min-words", OPT_INT, &c.min_words, 1, MAX_WORDS, "shortest"},
    {"--max-words", OPT_INT, &c.max_words, 1, MAX_WORDS, "longest"},
    {"--train-pairs", OPT_INT, &c.n_train, 1, 1e7, "training pairs"},
    {"--val-pairs", OPT_INT, &c.n_val, 1, 1e7, "validation pairs"},
    {"--stats", OPT_TEXT, &stats_file, 0, 0, "file for statistics"},
};
parse_options(argc, argv, options, 7, "print sample pairs as LaTeX");
if (count > c.n_train)
    refuse("--count %d is more than the %d training pairs", count,
           c.n_train);
if (stats_file) out_plan("--stats", stats_file);
#line 1946 "chapters/A-programs.nw"
    c.seed = (uint64_t)seed;
    Dataset train, val;
    datasets_make(&train, &val, &c);
    
#line 1974 "chapters/A-programs.nw"
Vocab en, es;
vocab_build(&en, c.task, SOURCE);
vocab_build(&es, c.task, TARGET);
printf("\\begin{tabular}{ll}\n\\toprule\n");
for (int p = 0; p < count; p++) {
    const int *src = train.src + (size_t)p * train.L;
    const int *tgt = train.tgt + (size_t)p * train.L;
    int words = train.src_len[p] - 2;
    printf("source & \\texttt{");
    for (int i = 1; i <= words; i++) printf(" %s", en.word[src[i]]);
    printf("} \\\\\ntarget (gold index) & \\texttt{");
    for (int j = 0; j < train.tgt_len[p] - 2; j++) {
        printf(" %s(", es.word[tgt[j + 1]]);
        
#line 1997 "chapters/A-programs.nw"
int n_links, shown_links = 0;
const Link *link = pair_links(&train, p, &n_links);
for (int k = 0; k < n_links; k++)
    if (link[k].tgt == j + 1)
        printf("%s%d", shown_links++ ? "," : "", link[k].src);
#line 1988 "chapters/A-programs.nw"
        printf(")");
    }
    printf("} \\\\%s\n", p + 1 < count ? "[0.6ex]" : "");
}
printf("\\bottomrule\n\\end{tabular}\n");
vocab_free(&en);
vocab_free(&es);
#line 1950 "chapters/A-programs.nw"
    if (stats_file) 
#line 2005 "chapters/A-programs.nw"
{
    FILE *f = out_open(stats_file);
    int per_length[MAX_WORDS + 1] = {0};
    for (int p = 0; p < train.n; p++)
        per_length[train.src_len[p] - 2]++;
    fprintf(f, "The training set has %d pairs and the validation"
            " set %d. Of the training sentences,", train.n, val.n);
    for (int n = c.min_words; n <= c.max_words; n++)
        fprintf(f, "%s %d have %d words", n == c.min_words ? ""
                : n == c.max_words ? " and" : ",", per_length[n], n);
    fprintf(f, ".\n");
    out_close(f);
}
#line 1951 "chapters/A-programs.nw"
    dataset_free(&train);
    dataset_free(&val);
    return 0;
}
