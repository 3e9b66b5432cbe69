#line 77 "chapters/02-task.nw"
/* task.h: tasks, vocabularies, datasets (chapter 2). */
#ifndef TASK_H
#define TASK_H
#include "toolkit.h"
#line 116 "chapters/02-task.nw"
enum { PAD = 0, UNK = 1, SOS = 2, EOS = 3, N_SPECIAL = 4 };
extern const char *const special_token[N_SPECIAL];
#line 152 "chapters/02-task.nw"
typedef struct {
    int src, tgt;                   /* positions, <sos> at 0 */
    int sure;                       /* 1 sure, 0 possible */
} Link;
#line 167 "chapters/02-task.nw"
typedef struct {
    int src_words, tgt_words;       /* how many of each */
    int *src, *tgt;                 /* [words]: numbers in lists */
    int n_links;
    Link *link;                     /* [n_links] */
    int *tag;                       /* [tgt_words]: 0 if untagged */
} TaskPair;
#line 182 "chapters/02-task.nw"
typedef struct Task Task;
struct Task {
    const char *name;               /* recorded in checkpoints */
    int n_src, n_tgt;               /* words in each list */
    const char *const *src_words;   /* [n_src], UTF-8 */
    const char *const *tgt_words;   /* [n_tgt], UTF-8 */
    int extra_words;                /* target beyond source */
    void (*draw)(const Task *t, int words, Rng *rng, TaskPair *p);
};
#line 206 "chapters/02-task.nw"
enum { SOURCE = 0, TARGET = 1 };
typedef struct {
    int size;                       /* V */
    const char **word;              /* [V]: by id, UTF-8 */
} Vocab;
void vocab_build(Vocab *v, const Task *t, int side);
int vocab_find(const Vocab *v, const char *word);
void vocab_free(Vocab *v);
#line 264 "chapters/02-task.nw"
enum { LEXICON_SIZE = 17 };
enum { REVERSAL_VOCAB = N_SPECIAL + LEXICON_SIZE };
extern const char *const english[LEXICON_SIZE];
extern const char *const spanish[LEXICON_SIZE];
extern const Task reversal_task;
#line 295 "chapters/02-task.nw"
enum { MAX_WORDS = 60 };
typedef struct {
    const Task *task;               /* which task draws the pairs */
    int min_words, max_words;       /* sentence length, in words */
    int n_train, n_val;             /* pairs */
    uint64_t seed;
} DataConfig;
DataConfig data_config_default(void);
void data_config_check(const DataConfig *c);
#line 358 "chapters/02-task.nw"
typedef struct {
    int n, L;                       /* pairs, tokens per row */
    int *src, *tgt;                 /* [n, L] token ids */
    int *src_len, *tgt_len;         /* [n] tokens, with markers */
    Link *link;                     /* every pair's gold links */
    int *first_link;                /* [n + 1] */
    int *tag;                       /* [n, L] or NULL: target tags */
    real *feat;                     /* [n, feat_size] or NULL */
    int feat_size;
} Dataset;
void dataset_generate(Dataset *d, const Task *t, int n,
                      int min_words, int max_words, Rng *rng);
void datasets_make(Dataset *train, Dataset *val,
                   const DataConfig *c);
void dataset_free(Dataset *d);
const Link *pair_links(const Dataset *d, int p, int *count);
#line 593 "chapters/02-task.nw"
typedef struct {
    int B, S, T;                    /* pairs, longest src and tgt */
    int *src /* [B, S] */, *tgt /* [B, T] */;
    int *src_len /* [B] */, *tgt_len /* [B] */;
    int *row /* [B]: the dataset row of each pair */;
    const real *feat;               /* the dataset's, or NULL */
    int feat_size;                  /* pair b's: feat + row[b] * it */
} Batch;
void batch_alloc(Batch *b, int max_B, int L);
void batch_fill(Batch *b, const Dataset *d, const int *rows,
                int count);
void batch_free(Batch *b);
#line 682 "chapters/02-task.nw"
int parse_sentence(int *ids /* [max_words + 2] */, const char *text,
                   int max_words, const Task *t);
#line 89 "chapters/02-task.nw"
#endif
