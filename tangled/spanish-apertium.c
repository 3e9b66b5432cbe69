#line 2490 "chapters/09-spanish.nw"
/* spanish-apertium: the grammar's Spanish against Apertium's. */
#include "spanish.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
enum { MAX_TOKENS = 64, MAX_LISTED = 12 };
#line 2524 "chapters/09-spanish.nw"
enum { GRAMMAR_RIGHT, APERTIUM_RIGHT, BOTH_RIGHT, UNJUDGED,
       N_VERDICTS };
static const char *const verdict_name[N_VERDICTS] = {
    "grammar", "Apertium", "both", "not judged" };
enum { K_PERSONAL_A, K_SYNONYM, K_TWO_SENSES, K_SENSE, K_AGREEMENT,
       K_WORD_CLASS, K_EXTRA_ARTICLE, K_OTHER, N_KINDS,
       NOUN_CHANGED = N_KINDS };
static const struct { const char *name; int verdict; }
kind[N_KINDS] = {
    { "personal \\emph{a} left out", GRAMMAR_RIGHT },
    { "a synonym", BOTH_RIGHT },
    { "an English word of two senses", BOTH_RIGHT },
    { "a wrong sense", GRAMMAR_RIGHT },
    { "wrong agreement", GRAMMAR_RIGHT },
    { "a noun or verb read as another class", GRAMMAR_RIGHT },
    { "an article after \\emph{algunos}", GRAMMAR_RIGHT },
    { "other", UNJUDGED },
};
#line 2548 "chapters/09-spanish.nw"
static const struct { const char *grammar, *apertium; int kind; }
substitution[] = {
    {"niño", "chico", K_SYNONYM}, {"niña", "chica", K_SYNONYM},
    {"niños", "chicos", K_SYNONYM}, {"niñas", "chicas", K_SYNONYM},
    {"ama", "quiere", K_SYNONYM}, {"aman", "quieren", K_SYNONYM},
    {"unos", "algunos", K_SYNONYM}, {"unas", "algunas", K_SYNONYM},
    {"llave", "tono", K_TWO_SENSES},
    {"llaves", "tonos", K_TWO_SENSES},
    {"carta", "letra", K_TWO_SENSES},
    {"cartas", "letras", K_TWO_SENSES},
    {"leen", "leyeron", K_TWO_SENSES},
    {"conoce", "sabe", K_SENSE}, {"conocen", "saben", K_SENSE},
    {"empuja", "pulsa", K_SENSE}, {"empujan", "pulsan", K_SENSE},
    {"botella", "bote", K_SENSE}, {"botellas", "botes", K_SENSE},
    {"unas", "algunos", K_AGREEMENT},
};
#line 2570 "chapters/09-spanish.nw"
typedef struct { int n; const char *w[MAX_TOKENS]; } Words;

static void lower_case(char *s)
{
    for (unsigned char *p = (unsigned char *)s; *p; p++)
        if (*p >= 'A' && *p <= 'Z') *p += 'a' - 'A';
        else if (p[0] == 0xc3 && p[1] >= 0x80 && p[1] <= 0x9e
                 && p[1] != 0x97) *++p += 0x20;
}

static int split_words(Words *out, char *line)
{
    out->n = 0;
    for (char *w = strtok(line, " \t"); w; w = strtok(NULL, " \t")) {
        if (out->n == MAX_TOKENS) return 0;
        out->w[out->n++] = w;
    }
    return 1;
}
#line 2592 "chapters/09-spanish.nw"
static void row_words(Words *out, const Dataset *d, int row,
                      const Vocab *v, int side)
{
    const int *id = (side == SOURCE ? d->src : d->tgt)
                    + (size_t)row * d->L;
    int len = side == SOURCE ? d->src_len[row] : d->tgt_len[row];
    out->n = 0;
    for (int t = 1; t < len - 1; t++)
        out->w[out->n++] = v->word[id[t]];
}
#line 2606 "chapters/09-spanish.nw"
static int list_index(const char *w, int first, int end)
{
    for (int i = first; i < end; i++)
        if (!strcmp(spanish_task.tgt_words[i], w)) return i;
    return -1;
}

static int is_article(const char *w)
{
    return list_index(w, ES_ART, ES_ART + 8) >= 0
           || !strcmp(w, "algunos") || !strcmp(w, "algunas");
}

static int same_adjective(const char *x, const char *y)
{
    int i = list_index(x, ES_ADJ, ES_VERB);
    int j = list_index(y, ES_ADJ, ES_VERB);
    return i >= 0 && j >= 0 && (i - ES_ADJ) / 4 == (j - ES_ADJ) / 4;
}
#line 2951 "chapters/09-spanish.nw"
static void write_tex(FILE *f, const char *text)
{
    for (const char *c = text; *c; c++)
        if (strchr("#$%&_{}", *c)) fprintf(f, "\\%c", *c);
        else if (strchr("~^\\", *c)) fprintf(f, "\\char%d{}", *c);
        else fputc(*c, f);
}

static void write_words(FILE *f, const Words *s)
{
    if (!s->n) fprintf(f, "---");
    for (int i = 0; i < s->n; i++) {
        if (i) fputc(' ', f);
        write_tex(f, s->w[i]);
    }
}
#line 2643 "chapters/09-spanish.nw"
static int substitution_kind(const char *g, const char *a)
{
    for (size_t k = 0; k < sizeof substitution / sizeof *substitution;
         k++)
        if (!strcmp(g, substitution[k].grammar)
            && !strcmp(a, substitution[k].apertium))
            return substitution[k].kind;
    return -1;
}

static int judge_pairs(const Words *g, const Words *a)
{
    int agreement = 0;
    unsigned kinds = 0;
    for (int i = 0; i < g->n; i++) {
        if (!strcmp(g->w[i], a->w[i])) continue;
        int k = substitution_kind(g->w[i], a->w[i]);
        int noun = list_index(g->w[i], ES_NOUN, ES_ADJ) >= 0;
        if (k >= 0) kinds |= 1u << k | (unsigned)noun << NOUN_CHANGED;
        else if ((is_article(g->w[i]) && is_article(a->w[i]))
                 || same_adjective(g->w[i], a->w[i])) agreement = 1;
        else return -1;             /* not word for word */
    }
    return (int)(kinds | (unsigned)agreement << K_AGREEMENT);
}
#line 2670 "chapters/09-spanish.nw"
static int write_out(Words *out, const Words *s)
{
    out->n = 0;
    for (int i = 0; i < s->n; i++) {
        const char *w = s->w[i];
        int al = !strcmp(w, "al"), del = !strcmp(w, "del");
        if (out->n + 1 + (al || del) > MAX_TOKENS) return 0;
        if (al || del) out->w[out->n++] = al ? "a" : "de";
        out->w[out->n++] = al || del ? "el" : w;
    }
    return 1;
}

static unsigned judge_stretch(const Words *g, const Words *a)
{
    Words h, b, kept = { 0, {0} };
    if (!write_out(&h, g) || !write_out(&b, a)) return 0;
    unsigned kinds = 0;
    for (int i = 0; i < h.n; i++)
        if (!strcmp(h.w[i], "a")) kinds |= 1u << K_PERSONAL_A;
        else kept.w[kept.n++] = h.w[i];
    int n = 0;
    for (int i = 0; i < b.n; i++)
        if (i > 0 && is_article(b.w[i]) && is_article(b.w[i - 1])
            && !strncmp(b.w[i - 1], "algun", 5))
            kinds |= 1u << K_EXTRA_ARTICLE;
        else b.w[n++] = b.w[i];
    b.n = n;
    int pairs = kept.n == b.n ? judge_pairs(&kept, &b) : -1;
    return pairs < 0 ? 0 : kinds | (unsigned)pairs;
}
#line 2707 "chapters/09-spanish.nw"
static int has_word(const Words *s, const char *w)
{
    for (int i = 0; i < s->n; i++) if (!strcmp(s->w[i], w)) return 1;
    return 0;
}

static unsigned judge_sentence(const Words *g, const Words *a)
{
    for (int i = 0; i < g->n; i++) {
        int noun = list_index(g->w[i], ES_NOUN, ES_ADJ) >= 0;
        int verb = list_index(g->w[i], ES_VERB, ES_WORDS) >= 0;
        if (!(noun || verb) || has_word(a, g->w[i])) continue;
        int substituted = 0;
        for (int j = 0; j < a->n; j++)
            substituted |= substitution_kind(g->w[i], a->w[j]) >= 0;
        if (!substituted) return 1u << K_WORD_CLASS;
    }
    return 1u << K_OTHER;
}
#line 2740 "chapters/09-spanish.nw"
typedef struct { int seen, alone; Words g, a; } Example;

static unsigned compare(const Words *g, const Words *a,
                        Example example[N_KINDS])
{
    static int common[MAX_TOKENS + 1][MAX_TOKENS + 1];
    for (int i = g->n; i >= 0; i--)
        for (int j = a->n; j >= 0; j--) {
            int down = i < g->n ? common[i + 1][j] : 0;
            int right = j < a->n ? common[i][j + 1] : 0;
            common[i][j] = i == g->n || j == a->n ? 0
                : !strcmp(g->w[i], a->w[j]) ? 1 + common[i + 1][j + 1]
                : down > right ? down : right;
        }
    unsigned kinds = 0;
    Example mine[N_KINDS];
    memset(mine, 0, sizeof mine);
    for (int i = 0, j = 0; i < g->n || j < a->n;) {
        
#line 2771 "chapters/09-spanish.nw"
if (i < g->n && j < a->n && !strcmp(g->w[i], a->w[j])) {
    i++, j++;
    continue;
}
Words gs = { 0, {0} }, as = { 0, {0} };
while ((i < g->n || j < a->n)
       && !(i < g->n && j < a->n && !strcmp(g->w[i], a->w[j]))) {
    int drop_g = j == a->n || (i < g->n
        && (common[i + 1][j] != common[i][j + 1]
            ? common[i + 1][j] > common[i][j + 1]
            : g->n - i >= a->n - j));
    if (drop_g) gs.w[gs.n++] = g->w[i++];
    else as.w[as.n++] = a->w[j++];
}
unsigned k = judge_stretch(&gs, &as);
if (!k) k = judge_sentence(g, a);
unsigned shown_kinds = k & ~(1u << NOUN_CHANGED);
int alone = !(shown_kinds & (shown_kinds - 1)) && gs.n && as.n;
for (int b = 0; b < N_KINDS; b++)
    if (k >> b & 1 && (!mine[b].seen || (alone && !mine[b].alone)))
        mine[b] = (Example){ 1, alone, gs, as };
kinds |= k;
#line 2759 "chapters/09-spanish.nw"
    }
    if (kinds >> NOUN_CHANGED & 1) kinds &= ~(1u << K_AGREEMENT);
    kinds &= ~(1u << NOUN_CHANGED);
    for (int b = 0; b < N_KINDS; b++)
        if (kinds >> b & 1 && (!example[b].seen
                               || (mine[b].alone
                                   && !example[b].alone)))
            example[b] = mine[b];
    return kinds;
}
#line 2500 "chapters/09-spanish.nw"
int main(int argc, char **argv)
{
    program_name = "spanish-apertium";
    
#line 2797 "chapters/09-spanish.nw"
int pairs = 400, seed = 9, min_words = SPANISH_MIN_WORDS;
int max_words = 15;
char *english = NULL, *apertium = NULL, *table = NULL;
char *summary = NULL, *spanish = NULL;
Option options[] = {
    {"--pairs", OPT_INT, &pairs, 1, 100000, "sentences to compare"},
    {"--seed", OPT_INT, &seed, 0, 1e9, "seed of the sentences"},
    {"--min-words", OPT_INT, &min_words, SPANISH_MIN_WORDS,
     SPANISH_MAX_WORDS, "shortest English sentence"},
    {"--max-words", OPT_INT, &max_words, SPANISH_MIN_WORDS,
     SPANISH_MAX_WORDS, "longest English sentence"},
    {"--english", OPT_TEXT, &english, 0, 0, "file for the English"},
    {"--spanish", OPT_TEXT, &spanish, 0, 0,
     "with --english: file for the grammar's Spanish"},
    {"--apertium", OPT_TEXT, &apertium, 0, 0,
     "file: Apertium's Spanish, to compare"},
    {"--table", OPT_TEXT, &table, 0, 0, "file for the table"},
    {"--summary", OPT_TEXT, &summary, 0, 0, "file for a summary"},
};
parse_options(argc, argv, options, sizeof options / sizeof *options,
              "the grammar's Spanish against Apertium's");
if (!english == !apertium)
    refuse("give --english FILE to write the sentences, or"
           " --apertium FILE to compare Apertium's translations");
if (min_words > max_words)
    refuse("--min-words %d is more than --max-words %d", min_words,
           max_words);
if (spanish && !english)
    refuse("--spanish is written with --english, not --apertium");
if (english) out_plan("--english", english);
if (spanish) out_plan("--spanish", spanish);
if (apertium && table) out_plan("--table", table);
if (apertium && summary) out_plan("--summary", summary);
#line 2504 "chapters/09-spanish.nw"
    
#line 2832 "chapters/09-spanish.nw"
Rng rng;
rng_seed(&rng, (uint64_t)seed);
Dataset d;
dataset_generate(&d, &spanish_task, pairs, min_words, max_words,
                 &rng);
Vocab en, es;
vocab_build(&en, &spanish_task, SOURCE);
vocab_build(&es, &spanish_task, TARGET);
#line 2505 "chapters/09-spanish.nw"
    if (english) 
#line 2844 "chapters/09-spanish.nw"
{
    FILE *f = out_open(english);
    FILE *g = spanish ? out_open(spanish) : NULL;
    for (int p = 0; p < d.n; p++) {
        Words s;
        row_words(&s, &d, p, &en, SOURCE);
        for (int i = 0; i < s.n; i++)
            fprintf(f, "%s%s", i && strcmp(s.w[i], "'s") ? " " : "",
                    s.w[i]);
        fprintf(f, "\n");
        row_words(&s, &d, p, &es, TARGET);
        for (int i = 0; g && i < s.n; i++)
            fprintf(g, "%s%s", i ? " " : "", s.w[i]);
        if (g) fprintf(g, "\n");
    }
    out_close(f);
    if (g) out_close(g);
}
#line 2506 "chapters/09-spanish.nw"
    else 
#line 2865 "chapters/09-spanish.nw"
{
    FILE *in = fopen(apertium, "r");
    if (!in) refuse("--apertium: cannot read '%s'", shown(apertium));
    int count[N_KINDS] = {0}, verdicts[N_VERDICTS] = {0}, same = 0;
    int both_only = 0;
    int listed[MAX_LISTED], n_listed = 0, lines = 0;
    char *listed_line[MAX_LISTED];
    Example example[N_KINDS];
    memset(example, 0, sizeof example);
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, in)) >= 0) {
        
#line 2890 "chapters/09-spanish.nw"
if (++lines > d.n)
    refuse("--apertium: '%s' has more than the %d lines of the"
           " sentences drawn", shown(apertium), d.n);
if (len > 0 && line[len - 1] == '\n') line[--len] = '\0';
if (memchr(line, '\0', (size_t)len) || strchr(line, '\r'))
    refuse("--apertium: line %d of '%s' holds a NUL byte or a"
           " carriage return", lines, shown(apertium));
lower_case(line);
Words a, g;
char *kept = strdup(line);      /* examples point into it */
if (!kept) die("out of memory");
if (!split_words(&a, kept))
    refuse("--apertium: line %d of '%s' has more than %d words",
           lines, shown(apertium), MAX_TOKENS);
row_words(&g, &d, lines - 1, &es, TARGET);
unsigned kinds = compare(&g, &a, example);
#line 2911 "chapters/09-spanish.nw"
if (!kinds) same++;
unsigned seen = 0;
for (int k = 0; k < N_KINDS; k++)
    if (kinds >> k & 1) {
        count[k]++;
        seen |= 1u << kind[k].verdict;
    }
for (int v = 0; v < N_VERDICTS; v++) verdicts[v] += seen >> v & 1;
both_only += seen == 1u << BOTH_RIGHT;
if (kinds >> K_OTHER & 1 && n_listed < MAX_LISTED) {
    if (!(listed_line[n_listed] = strdup(line))) die("out of memory");
    listed[n_listed++] = lines - 1;
}
#line 2879 "chapters/09-spanish.nw"
    }
    fclose(in);
    if (lines != d.n)
        refuse("--apertium: '%s' has %d lines, not the %d sentences"
               " drawn; write it with apertium from --english with"
               " the same --pairs and --seed", shown(apertium), lines,
               d.n);
    
#line 2931 "chapters/09-spanish.nw"
if (table) {
    FILE *f = out_open(table);
    fprintf(f, "\\begin{tabular}{llrp{4.6cm}}\n\\toprule\n"
            "difference & right & sentences & grammar / Apertium"
            " \\\\\n\\midrule\n");
    for (int k = 0; k < N_KINDS; k++) {
        if (!count[k]) continue;
        fprintf(f, "%s & %s & %d & \\emph{", kind[k].name,
                verdict_name[kind[k].verdict], count[k]);
        write_words(f, &example[k].g);
        fprintf(f, "} / \\emph{");
        write_words(f, &example[k].a);
        fprintf(f, "} \\\\\n");
    }
    fprintf(f, "\\bottomrule\n\\end{tabular}\n");
    out_close(f);
}
if (summary) 
#line 2971 "chapters/09-spanish.nw"
{
    FILE *f = out_open(summary);
    int differ = d.n - same;
    fprintf(f, "Of the %d sentences, %d (%.1f\\,\\%%) are the"
            " grammar's word for word. Of the %d that differ, %d"
            " differ only in ways acceptable both ways; %d show a"
            " difference where the grammar is right, %d one where"
            " Apertium is right, and %d one that no rule explains.",
            d.n, same, 100.0 * same / d.n, differ, both_only,
            verdicts[GRAMMAR_RIGHT],
            verdicts[APERTIUM_RIGHT], verdicts[UNJUDGED]);
    
#line 2987 "chapters/09-spanish.nw"
if (n_listed)
    fprintf(f, " %s, the grammar's over Apertium's:\n"
            "\\begin{itemize}\n", n_listed < verdicts[UNJUDGED]
            ? "The first of them" : n_listed > 1 ? "They are"
            : "It is");
for (int i = 0; i < n_listed; i++) {
    Words s;
    row_words(&s, &d, listed[i], &es, TARGET);
    fprintf(f, "\\item \\emph{");
    write_words(f, &s);
    fprintf(f, "} / \\emph{");
    write_tex(f, listed_line[i]);
    fprintf(f, "}\n");
}
if (n_listed) fprintf(f, "\\end{itemize}\n");
#line 2983 "chapters/09-spanish.nw"
    fprintf(f, "\n");
    out_close(f);
}
#line 2887 "chapters/09-spanish.nw"
}
#line 2507 "chapters/09-spanish.nw"
    out_commit();
    return 0;
}
