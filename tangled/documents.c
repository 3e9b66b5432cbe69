#line 41 "chapters/11-documents.nw"
/* documents.c: documents whose class one word decides, with that
   word known (chapter 11). */
#include "documents.h"
#include <assert.h>
#include <tgmath.h>
#line 120 "chapters/11-documents.nw"
static const char *const doc_source_words[] = {
    ".", "a", "the", "is",
    "cat", "dog", "bird", "fish", "horse", "mouse", "cow", "goat",
    "big", "huge", "large", "tall",
    "small", "tiny", "little", "short",
    "sees", "finds", "chases", "likes", "sleeps", "runs" };
static const char *const doc_target_words[] = { "big", "small" };
#line 147 "chapters/11-documents.nw"
enum { DOC_FORMS = 3 };
static const int doc_form_words[DOC_FORMS] = { 4, 4, 6 };

static int other_animal(Rng *rng)
{
    return DW_NOUN + 1 + rng_below(rng, DOC_NOUNS - 1);
}

static int doc_draw_sentence(int *w, int noun, int adjective,
                             Rng *rng, int *adj_at)
{
    int n = 0, form = rng_below(rng, DOC_FORMS);
    w[n++] = DW_A + rng_below(rng, 2);          /* a, the */
    if (form == 0) {                            /* the dog is tiny */
        w[n++] = noun;
        w[n++] = DW_IS;
        *adj_at = n;
        w[n++] = adjective;
    } else {                                    /* a huge cat ... */
        *adj_at = n;
        w[n++] = adjective;
        w[n++] = noun;
    }
    
#line 177 "chapters/11-documents.nw"
if (form == 1) {                                /* ... sleeps */
    w[n++] = DW_INTRANSITIVE + rng_below(rng, DOC_INTRANSITIVE);
} else if (form == 2) {                         /* ... chases a cow */
    w[n++] = DW_VERB + rng_below(rng, DOC_TRANSITIVE);
    w[n++] = DW_A + rng_below(rng, 2);
    w[n++] = other_animal(rng);
}
#line 171 "chapters/11-documents.nw"
    assert(n == doc_form_words[form]);
    w[n++] = DW_PERIOD;
    return n;
}
#line 194 "chapters/11-documents.nw"
static void documents_draw(const Task *t, int sentences, Rng *rng,
                           TaskPair *p)
{
    (void)t;
    if (sentences < 1 || sentences > DOC_MAX_SENTENCES)
        refuse("the task 'documents' has 1 to %d sentences a"
               " document, not %d", DOC_MAX_SENTENCES, sentences);
    int gold = rng_below(rng, sentences);
    int label = rng_below(rng, DOC_CLASSES);
    p->src_words = 0;
    for (int i = 0; i < sentences; i++) {
        
#line 213 "chapters/11-documents.nw"
int per_class = DOC_ADJECTIVES / DOC_CLASSES, adj_at;
int noun = i == gold ? DW_CAT : other_animal(rng);
int adjective = i == gold
    ? DW_ADJ + label * per_class + rng_below(rng, per_class)
    : DW_ADJ + rng_below(rng, DOC_ADJECTIVES);
int n = doc_draw_sentence(p->src + p->src_words, noun, adjective,
                          rng, &adj_at);
if (i == gold)      /* token positions count <sos> as 0 */
    p->link[0] = (Link){ .src = 1 + p->src_words + adj_at,
                         .tgt = 1, .sure = 1 };
p->src_words += n;
#line 206 "chapters/11-documents.nw"
    }
    p->tgt_words = 1;
    p->tgt[0] = label;
    p->n_links = 1;
}
#line 233 "chapters/11-documents.nw"
const Task documents_task = {
    .name = "documents",
    .n_src = DOC_WORDS, .n_tgt = DOC_CLASSES,
    .src_words = doc_source_words, .tgt_words = doc_target_words,
    .extra_words = (DOC_SENTENCE_TOKENS - 1) * DOC_MAX_SENTENCES,
    .draw = documents_draw,
};
#line 260 "chapters/11-documents.nw"
int doc_sentences(int *first, int *words, int room, const int *ids,
                  int len)
{
    int n = 0, start = 1;           /* past <sos> */
    for (int t = 1; t < len; t++) {
        int end = ids[t] == DOC_PERIOD_ID || ids[t] == EOS;
        if (!end) continue;
        if (t > start) {
            if (n == room) return -1;       /* too many */
            first[n] = start;
            words[n++] = t - start;
        }
        start = t + 1;
    }
    return n;
}
#line 309 "chapters/11-documents.nw"
double doc_sentence_chance(int min_sentences, int max_sentences)
{
    double sum = 0;
    for (int n = min_sentences; n <= max_sentences; n++)
        sum += 1.0 / n;
    return sum / (max_sentences - min_sentences + 1);
}

double doc_word_chance(void)
{
    double sum = 0;
    for (int f = 0; f < DOC_FORMS; f++)
        sum += 1.0 / doc_form_words[f];
    return sum / DOC_FORMS;
}
#line 326 "chapters/11-documents.nw"
double doc_bag_of_words(int n)
{
    double p = 0, binom = 1;            /* C(n-1, j) */
    for (int j = 0; j <= n - 1; j++) {
        int k = 1 + j;                  /* adjectives saying big */
        double right = 2 * k > n ? 1 : 2 * k == n ? 0.5 : 0;
        p += binom * right;
        binom = binom * (n - 1 - j) / (j + 1);
    }
    return p / pow(2, n - 1);
}
