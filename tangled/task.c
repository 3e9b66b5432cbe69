#line 92 "chapters/02-task.nw"
/* task.c: tasks, vocabularies, datasets (chapter 2). */
#include "task.h"
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#line 120 "chapters/02-task.nw"
const char *const special_token[N_SPECIAL] = {
    "<pad>", "<unk>", "<sos>", "<eos>"
};
#line 216 "chapters/02-task.nw"
static int compare_words(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}
#line 223 "chapters/02-task.nw"
void vocab_build(Vocab *v, const Task *t, int side)
{
    int n = side == SOURCE ? t->n_src : t->n_tgt;
    const char *const *list = side == SOURCE ? t->src_words
                                             : t->tgt_words;
    v->word = xcalloc((size_t)N_SPECIAL + n, sizeof *v->word);
    for (int i = 0; i < N_SPECIAL; i++) v->word[i] = special_token[i];
    for (int i = 0; i < n; i++) v->word[N_SPECIAL + i] = list[i];
    qsort(v->word + N_SPECIAL, n, sizeof *v->word, compare_words);
    v->size = N_SPECIAL;
    for (int i = N_SPECIAL; i < N_SPECIAL + n; i++)
        if (v->size == N_SPECIAL
            || strcmp(v->word[v->size - 1], v->word[i]))
            v->word[v->size++] = v->word[i];
}

void vocab_free(Vocab *v)
{
    free(v->word);
    memset(v, 0, sizeof *v);
}
#line 248 "chapters/02-task.nw"
int vocab_find(const Vocab *v, const char *word)
{
    for (int i = 0; i < v->size; i++)
        if (!strcmp(v->word[i], word)) return i;
    return -1;
}
#line 271 "chapters/02-task.nw"
const char *const english[LEXICON_SIZE] = {
    "the", "a", "cat", "dog", "bird", "fish", "child", "woman",
    "man", "sees", "eats", "finds", "wants", "small", "big", "red",
    "old",
};
const char *const spanish[LEXICON_SIZE] = {
    "el", "un", "gato", "perro", "pajaro", "pez", "nino", "mujer",
    "hombre", "ve", "come", "halla", "quiere", "pequeno", "grande",
    "rojo", "viejo",
};
#line 523 "chapters/02-task.nw"
static void reversal_draw(const Task *t, int words, Rng *rng,
                          TaskPair *p)
{
    (void)t;
    p->src_words = p->tgt_words = words;
    for (int i = 0; i < words; i++) {
        int w = rng_below(rng, LEXICON_SIZE);
        p->src[i] = w;                      /* English word w */
        p->tgt[words - 1 - i] = w;          /* Spanish word w */
    }
    
#line 548 "chapters/02-task.nw"
p->n_links = words;
for (int t = 1; t <= words; t++)
    p->link[t - 1] = (Link){ .src = words + 1 - t, .tgt = t,
                             .sure = 1 };
#line 534 "chapters/02-task.nw"
}
#line 555 "chapters/02-task.nw"
const Task reversal_task = {
    .name = "reversal",
    .n_src = LEXICON_SIZE, .n_tgt = LEXICON_SIZE,
    .src_words = english, .tgt_words = spanish,
    .extra_words = 0,
    .draw = reversal_draw,
};
#line 306 "chapters/02-task.nw"
DataConfig data_config_default(void)
{
    return (DataConfig){ .task = &reversal_task,
                         .min_words = 3, .max_words = 6,
                         .n_train = 3000, .n_val = 300, .seed = 1 };
}
#line 329 "chapters/02-task.nw"
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
#line 381 "chapters/02-task.nw"
static int *word_ids(const Task *t, int side)
{
    Vocab v;
    vocab_build(&v, t, side);
    int n = side == SOURCE ? t->n_src : t->n_tgt;
    const char *const *list = side == SOURCE ? t->src_words
                                             : t->tgt_words;
    int *id = xcalloc(n, sizeof(int));
    for (int i = 0; i < n; i++) id[i] = vocab_find(&v, list[i]);
    vocab_free(&v);
    return id;
}
#line 395 "chapters/02-task.nw"
void dataset_generate(Dataset *d, const Task *t, int n,
                      int min_words, int max_words, Rng *rng)
{
    int *src_id = word_ids(t, SOURCE), *tgt_id = word_ids(t, TARGET);
    
#line 426 "chapters/02-task.nw"
d->n = n;
d->L = max_words + t->extra_words + 2;
d->src = xcalloc((size_t)n * d->L, sizeof(int));
d->tgt = xcalloc((size_t)n * d->L, sizeof(int));
d->src_len = xcalloc(n, sizeof(int));
d->tgt_len = xcalloc(n, sizeof(int));
d->first_link = xcalloc((size_t)n + 1, sizeof(int));
d->tag = xcalloc((size_t)n * d->L, sizeof(int));
d->feat = NULL;
d->feat_size = 0;
size_t room = (size_t)n * (d->L - 2);
d->link = xcalloc(room, sizeof(Link));
TaskPair pair = { 0, 0, xcalloc(d->L, sizeof(int)),
                  xcalloc(d->L, sizeof(int)), 0,
                  xcalloc((size_t)d->L * d->L, sizeof(Link)),
                  xcalloc(d->L, sizeof(int)) };
#line 400 "chapters/02-task.nw"
    for (int p = 0; p < n; p++) {
        int span = max_words - min_words + 1;
        int words = min_words + rng_below(rng, span);
        memset(pair.tag, 0, sizeof(int) * d->L);
        t->draw(t, words, rng, &pair);
        
#line 447 "chapters/02-task.nw"
assert(pair.src_words <= d->L - 2 && pair.tgt_words <= d->L - 2);
int *src = d->src + (size_t)p * d->L;
int *tgt = d->tgt + (size_t)p * d->L;
src[0] = tgt[0] = SOS;
for (int i = 0; i < pair.src_words; i++)
    src[i + 1] = src_id[pair.src[i]];
for (int i = 0; i < pair.tgt_words; i++) {
    tgt[i + 1] = tgt_id[pair.tgt[i]];
    d->tag[(size_t)p * d->L + i + 1] = pair.tag[i];
}
src[pair.src_words + 1] = tgt[pair.tgt_words + 1] = EOS;
d->src_len[p] = pair.src_words + 2;
d->tgt_len[p] = pair.tgt_words + 2;
#line 406 "chapters/02-task.nw"
        
#line 465 "chapters/02-task.nw"
int at = d->first_link[p];
if ((size_t)at + pair.n_links > room) {
    room = 2 * room + pair.n_links;
    d->link = realloc(d->link, room * sizeof(Link));
    if (!d->link) die("out of memory for %zu links", room);
}
memcpy(d->link + at, pair.link, pair.n_links * sizeof(Link));
d->first_link[p + 1] = at + pair.n_links;
#line 407 "chapters/02-task.nw"
    }
    free(src_id); free(tgt_id);
    free(pair.src); free(pair.tgt); free(pair.link); free(pair.tag);
}
#line 477 "chapters/02-task.nw"
const Link *pair_links(const Dataset *d, int p, int *count)
{
    assert(p >= 0 && p < d->n);
    *count = d->first_link[p + 1] - d->first_link[p];
    return d->link + d->first_link[p];
}
#line 490 "chapters/02-task.nw"
void datasets_make(Dataset *train, Dataset *val, const DataConfig *c)
{
    data_config_check(c);
    Rng rng;
    rng_seed(&rng, c->seed);
    dataset_generate(train, c->task, c->n_train, c->min_words,
                     c->max_words, &rng);
    dataset_generate(val, c->task, c->n_val, c->min_words,
                     c->max_words, &rng);
}
#line 507 "chapters/02-task.nw"
void dataset_free(Dataset *d)
{
    free(d->src); free(d->tgt); free(d->src_len); free(d->tgt_len);
    free(d->link); free(d->first_link); free(d->tag); free(d->feat);
    memset(d, 0, sizeof *d);
}
#line 614 "chapters/02-task.nw"
void batch_alloc(Batch *b, int max_B, int L)
{
    b->B = b->S = b->T = 0;
    b->src = xcalloc((size_t)max_B * L, sizeof(int));
    b->tgt = xcalloc((size_t)max_B * L, sizeof(int));
    b->src_len = xcalloc(max_B, sizeof(int));
    b->tgt_len = xcalloc(max_B, sizeof(int));
    b->row = xcalloc(max_B, sizeof(int));
    b->feat = NULL;
    b->feat_size = 0;
}

void batch_free(Batch *b)
{
    free(b->src); free(b->tgt); free(b->src_len); free(b->tgt_len);
    free(b->row);
}
#line 637 "chapters/02-task.nw"
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
    
#line 660 "chapters/02-task.nw"
b->feat = d->feat;              /* not copied: read through row[] */
b->feat_size = d->feat_size;
for (int i = 0; i < count; i++) {
    int r = b->row[i];
    b->src_len[i] = d->src_len[r];
    b->tgt_len[i] = d->tgt_len[r];
    for (int t = 0; t < b->S; t++)
        b->src[i * b->S + t] = d->src[(size_t)r * d->L + t];
    for (int t = 0; t < b->T; t++)
        b->tgt[i * b->T + t] = d->tgt[(size_t)r * d->L + t];
}
#line 654 "chapters/02-task.nw"
}
#line 697 "chapters/02-task.nw"
static size_t separator_at(const char *p)
{
    if (*p && strchr(" \t\n\v\f\r", *p)) return 1;
    if ((unsigned char)p[0] == 0xc2 && (unsigned char)p[1] == 0xa0)
        return 2;
    return 0;
}
#line 707 "chapters/02-task.nw"
int parse_sentence(int *ids, const char *text, int max_words,
                   const Task *t)
{
    Vocab en;
    vocab_build(&en, t, SOURCE);
    int n = 0;
    ids[n++] = SOS;
    const char *p = text;
    for (;;) {
        
#line 743 "chapters/02-task.nw"
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
#line 717 "chapters/02-task.nw"
        int id = vocab_find(&en, word);
        
#line 763 "chapters/02-task.nw"
if (id < N_SPECIAL && len > 2 && !strcmp(word + len - 2, "'s")
    && vocab_find(&en, "'s") >= N_SPECIAL) {
    word[len - 2] = '\0';
    id = vocab_find(&en, word);
    if (id >= N_SPECIAL) p -= 2;
    else word[len - 2] = '\'';
}
#line 719 "chapters/02-task.nw"
        if (id < N_SPECIAL) 
#line 772 "chapters/02-task.nw"
{
    size_t bytes = 1;
    for (int i = N_SPECIAL; i < en.size; i++)
        bytes += 1 + strlen(en.word[i]);
    char *known = xcalloc(bytes, 1);
    for (int i = N_SPECIAL; i < en.size; i++) {
        strcat(known, " ");
        strcat(known, en.word[i]);
    }
    refuse("'%s' is not in the lexicon; the words are:%s",
           shown(word), known);
}
#line 720 "chapters/02-task.nw"
        if (n > max_words)
            refuse("the sentence has more than %d words, the most"
                   " this model allows", max_words);
        ids[n++] = id;
    }
    if (n == 1) refuse("the sentence is empty");
    ids[n++] = EOS;
    vocab_free(&en);
    return n;
}
