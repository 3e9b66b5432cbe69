#line 69 "chapters/02-task.nw"
/* task.h: the reversal task of chapter 2. */
#ifndef TASK_H
#define TASK_H
#include "toolkit.h"
#line 107 "chapters/02-task.nw"
enum { PAD = 0, UNK = 1, SOS = 2, EOS = 3, N_SPECIAL = 4 };
enum { LEXICON_SIZE = 17, VOCAB_MAX = N_SPECIAL + LEXICON_SIZE };
extern const char *const special_token[N_SPECIAL];
extern const char *const lexicon[LEXICON_SIZE][2];
#line 133 "chapters/02-task.nw"
enum { ENGLISH = 0, SPANISH = 1 };
typedef struct {
    int size;                       /* V */
    const char *word[VOCAB_MAX];    /* by id */
} Vocab;
void vocab_build(Vocab *v, int language);
int vocab_find(const Vocab *v, const char *word);
#line 177 "chapters/02-task.nw"
enum { MAX_WORDS = 60 };
typedef struct {
    int min_words, max_words;       /* sentence length, in words */
    int n_train, n_val;             /* pairs */
    uint64_t seed;
} DataConfig;
DataConfig data_config_default(void);
void data_config_check(const DataConfig *c);
#line 213 "chapters/02-task.nw"
typedef struct {
    int n, L;                       /* pairs, tokens per row */
    int *src, *tgt;                 /* [n, L] token ids */
    int *src_len, *tgt_len;         /* [n] tokens, with markers */
} Dataset;
void dataset_generate(Dataset *d, int n, int min_words,
                      int max_words, Rng *rng);
void datasets_make(Dataset *train, Dataset *val,
                   const DataConfig *c);
void dataset_free(Dataset *d);
#line 308 "chapters/02-task.nw"
int gold_source_index(int words, int step);
#line 343 "chapters/02-task.nw"
typedef struct {
    int B, S, T;                    /* pairs, longest src and tgt */
    int *src /* [B, S] */, *tgt /* [B, T] */;
    int *src_len /* [B] */, *tgt_len /* [B] */;
    int *row /* [B]: the dataset row of each pair */;
} Batch;
void batch_alloc(Batch *b, int max_B, int L);
void batch_fill(Batch *b, const Dataset *d, const int *rows,
                int count);
void batch_free(Batch *b);
#line 415 "chapters/02-task.nw"
int parse_sentence(int *ids /* [max_words + 2] */, const char *text,
                   int max_words);
#line 80 "chapters/02-task.nw"
#endif
