#line 83 "chapters/02-task.nw"
/* task.c: the reversal task of chapter 2. */
#include "task.h"
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#line 117 "chapters/02-task.nw"
const char *const special_token[N_SPECIAL] = {
    "<pad>", "<unk>", "<sos>", "<eos>"
};
const char *const lexicon[LEXICON_SIZE][2] = {
    {"the", "el"}, {"a", "un"}, {"cat", "gato"}, {"dog", "perro"},
    {"bird", "pajaro"}, {"fish", "pez"}, {"child", "nino"},
    {"woman", "mujer"}, {"man", "hombre"}, {"sees", "ve"},
    {"eats", "come"}, {"finds", "halla"}, {"wants", "quiere"},
    {"small", "pequeno"}, {"big", "grande"}, {"red", "rojo"},
    {"old", "viejo"},
};
#line 142 "chapters/02-task.nw"
static int compare_words(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void vocab_build(Vocab *v, int language)
{
    v->size = VOCAB_MAX;
    for (int i = 0; i < N_SPECIAL; i++) v->word[i] = special_token[i];
    for (int i = 0; i < LEXICON_SIZE; i++)
        v->word[N_SPECIAL + i] = lexicon[i][language];
    qsort(v->word + N_SPECIAL, LEXICON_SIZE, sizeof *v->word,
          compare_words);
}
#line 160 "chapters/02-task.nw"
int vocab_find(const Vocab *v, const char *word)
{
    for (int i = 0; i < v->size; i++)
        if (!strcmp(v->word[i], word)) return i;
    return -1;
}
#line 187 "chapters/02-task.nw"
DataConfig data_config_default(void)
{
    return (DataConfig){ .min_words = 3, .max_words = 6,
                         .n_train = 3000, .n_val = 300, .seed = 1 };
}
#line 195 "chapters/02-task.nw"
void data_config_check(const DataConfig *c)
{
    if (c->min_words < 1 || c->max_words > MAX_WORDS)
        refuse("sentence lengths must lie in 1 to %d words,"
               " not %d to %d", MAX_WORDS, c->min_words,
               c->max_words);
    if (c->min_words > c->max_words)
        refuse("sentence lengths are inverted: --min-words %d is"
               " above --max-words %d", c->min_words, c->max_words);
    if (c->n_train < 1 || c->n_val < 1)
        refuse("data sizes must be at least 1, not %d training and"
               " %d validation pairs", c->n_train, c->n_val);
}
#line 230 "chapters/02-task.nw"
static void lexicon_ids(int src_id[LEXICON_SIZE],
                        int tgt_id[LEXICON_SIZE])
{
    Vocab en, es;
    vocab_build(&en, ENGLISH);
    vocab_build(&es, SPANISH);
    for (int i = 0; i < LEXICON_SIZE; i++) {
        src_id[i] = vocab_find(&en, lexicon[i][ENGLISH]);
        tgt_id[i] = vocab_find(&es, lexicon[i][SPANISH]);
    }
}
#line 243 "chapters/02-task.nw"
void dataset_generate(Dataset *d, int n, int min_words,
                      int max_words, Rng *rng)
{
    int src_id[LEXICON_SIZE], tgt_id[LEXICON_SIZE];
    lexicon_ids(src_id, tgt_id);
    d->n = n;
    d->L = max_words + 2;
    d->src = xcalloc((size_t)n * d->L, sizeof(int));
    d->tgt = xcalloc((size_t)n * d->L, sizeof(int));
    d->src_len = xcalloc(n, sizeof(int));
    d->tgt_len = xcalloc(n, sizeof(int));
    for (int p = 0; p < n; p++) {
        int span = max_words - min_words + 1;
        int words = min_words + rng_below(rng, span);
        
#line 264 "chapters/02-task.nw"
int *src = d->src + (size_t)p * d->L;
int *tgt = d->tgt + (size_t)p * d->L;
src[0] = tgt[0] = SOS;
for (int i = 1; i <= words; i++) {
    int w = rng_below(rng, LEXICON_SIZE);
    src[i] = src_id[w];
    tgt[words + 1 - i] = tgt_id[w];
}
src[words + 1] = tgt[words + 1] = EOS;
d->src_len[p] = d->tgt_len[p] = words + 2;
#line 258 "chapters/02-task.nw"
    }
}
#line 280 "chapters/02-task.nw"
void datasets_make(Dataset *train, Dataset *val, const DataConfig *c)
{
    data_config_check(c);
    Rng rng;
    rng_seed(&rng, c->seed);
    dataset_generate(train, c->n_train, c->min_words, c->max_words,
                     &rng);
    dataset_generate(val, c->n_val, c->min_words, c->max_words, &rng);
}

void dataset_free(Dataset *d)
{
    free(d->src); free(d->tgt); free(d->src_len); free(d->tgt_len);
    memset(d, 0, sizeof *d);
}
#line 311 "chapters/02-task.nw"
int gold_source_index(int words, int step)
{
    assert(step >= 0);
    return step < words ? words - step : -1;
}
#line 355 "chapters/02-task.nw"
void batch_alloc(Batch *b, int max_B, int L)
{
    b->B = b->S = b->T = 0;
    b->src = xcalloc((size_t)max_B * L, sizeof(int));
    b->tgt = xcalloc((size_t)max_B * L, sizeof(int));
    b->src_len = xcalloc(max_B, sizeof(int));
    b->tgt_len = xcalloc(max_B, sizeof(int));
    b->row = xcalloc(max_B, sizeof(int));
}

void batch_free(Batch *b)
{
    free(b->src); free(b->tgt); free(b->src_len); free(b->tgt_len);
    free(b->row);
}
#line 374 "chapters/02-task.nw"
void batch_fill(Batch *b, const Dataset *d, const int *rows,
                int count)
{
    b->B = count;
    for (int i = 0; i < count; i++) {
        int r = rows[i], j = i;
        for (; j > 0 && d->src_len[b->row[j-1]] < d->src_len[r]; j--)
            b->row[j] = b->row[j - 1];
        b->row[j] = r;
    }
    b->S = b->T = 0;
    for (int i = 0; i < count; i++) {
        int r = b->row[i];
        if (d->src_len[r] > b->S) b->S = d->src_len[r];
        if (d->tgt_len[r] > b->T) b->T = d->tgt_len[r];
    }
    
#line 396 "chapters/02-task.nw"
for (int i = 0; i < count; i++) {
    int r = b->row[i];
    b->src_len[i] = d->src_len[r];
    b->tgt_len[i] = d->tgt_len[r];
    for (int t = 0; t < b->S; t++)
        b->src[i * b->S + t] = d->src[(size_t)r * d->L + t];
    for (int t = 0; t < b->T; t++)
        b->tgt[i * b->T + t] = d->tgt[(size_t)r * d->L + t];
}
#line 391 "chapters/02-task.nw"
}
#line 422 "chapters/02-task.nw"
static size_t separator_at(const char *p)
{
    if (*p && strchr(" \t\n\v\f\r", *p)) return 1;
    if ((unsigned char)p[0] == 0xc2 && (unsigned char)p[1] == 0xa0)
        return 2;
    return 0;
}
#line 431 "chapters/02-task.nw"
int parse_sentence(int *ids, const char *text, int max_words)
{
    Vocab en;
    vocab_build(&en, ENGLISH);
    int n = 0;
    ids[n++] = SOS;
    const char *p = text;
    for (;;) {
        
#line 462 "chapters/02-task.nw"
while (separator_at(p)) p += separator_at(p);
if (!*p) break;
size_t len = 0;
while (p[len] && !separator_at(p + len)) len++;
char word[32];
if (len >= sizeof word)
    refuse("'%s' is not in the lexicon (no word of it is longer"
           " than %zu letters)", shown(strndup(p, len)),
           sizeof word - 1);
memcpy(word, p, len);
word[len] = '\0';
p += len;
#line 440 "chapters/02-task.nw"
        int id = vocab_find(&en, word);
        if (id < N_SPECIAL) 
#line 476 "chapters/02-task.nw"
{
    char known[256] = "";
    for (int i = N_SPECIAL; i < en.size; i++) {
        strcat(known, " ");
        strcat(known, en.word[i]);
    }
    refuse("'%s' is not in the lexicon; the words are:%s",
           shown(word), known);
}
#line 442 "chapters/02-task.nw"
        if (n > max_words)
            refuse("the sentence has more than %d words, the most"
                   " this model allows", max_words);
        ids[n++] = id;
    }
    if (n == 1) refuse("the sentence is empty");
    ids[n++] = EOS;
    return n;
}
