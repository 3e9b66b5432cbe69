#line 41 "chapters/09-spanish.nw"
/* spanish.c: an English-to-Spanish grammar with its gold links
   (chapter 9). */
#include "spanish.h"
#include <string.h>
#line 192 "chapters/09-spanish.nw"
enum { MASC = 0, FEM = 1 };
#define MASCULINE_NOUNS(X) \
    X("dog", "dogs", "perro", "perros", MASC, 0) \
    X("cat", "cats", "gato", "gatos", MASC, 0) \
    X("bird", "birds", "pájaro", "pájaros", MASC, 0) \
    X("horse", "horses", "caballo", "caballos", MASC, 0) \
    X("lion", "lions", "león", "leones", MASC, 0) \
    X("wolf", "wolves", "lobo", "lobos", MASC, 0) \
    X("monkey", "monkeys", "mono", "monos", MASC, 0) \
    X("car", "cars", "coche", "coches", MASC, 0) \
    X("book", "books", "libro", "libros", MASC, 0) \
    X("tree", "trees", "árbol", "árboles", MASC, 0) \
    X("train", "trains", "tren", "trenes", MASC, 0) \
    X("river", "rivers", "río", "ríos", MASC, 0) \
    X("shoe", "shoes", "zapato", "zapatos", MASC, 0) \
    X("hat", "hats", "sombrero", "sombreros", MASC, 0) \
    X("man", "men", "hombre", "hombres", MASC, 1) \
    X("boy", "boys", "niño", "niños", MASC, 1) \
    X("king", "kings", "rey", "reyes", MASC, 1) \
    X("brother", "brothers", "hermano", "hermanos", MASC, 1) \
    X("father", "fathers", "padre", "padres", MASC, 1) \
    X("son", "sons", "hijo", "hijos", MASC, 1) \
    X("uncle", "uncles", "tío", "tíos", MASC, 1)
#line 217 "chapters/09-spanish.nw"
#define FEMININE_NOUNS(X) \
    X("woman", "women", "mujer", "mujeres", FEM, 1) \
    X("girl", "girls", "niña", "niñas", FEM, 1) \
    X("queen", "queens", "reina", "reinas", FEM, 1) \
    X("sister", "sisters", "hermana", "hermanas", FEM, 1) \
    X("mother", "mothers", "madre", "madres", FEM, 1) \
    X("daughter", "daughters", "hija", "hijas", FEM, 1) \
    X("aunt", "aunts", "tía", "tías", FEM, 1) \
    X("house", "houses", "casa", "casas", FEM, 0) \
    X("table", "tables", "mesa", "mesas", FEM, 0) \
    X("apple", "apples", "manzana", "manzanas", FEM, 0) \
    X("door", "doors", "puerta", "puertas", FEM, 0) \
    X("window", "windows", "ventana", "ventanas", FEM, 0) \
    X("cow", "cows", "vaca", "vacas", FEM, 0) \
    X("chair", "chairs", "silla", "sillas", FEM, 0) \
    X("city", "cities", "ciudad", "ciudades", FEM, 0) \
    X("flower", "flowers", "flor", "flores", FEM, 0) \
    X("key", "keys", "llave", "llaves", FEM, 0) \
    X("letter", "letters", "carta", "cartas", FEM, 0) \
    X("mountain", "mountains", "montaña", "montañas", FEM, 0) \
    X("bottle", "bottles", "botella", "botellas", FEM, 0) \
    X("bed", "beds", "cama", "camas", FEM, 0) \
    X("shirt", "shirts", "camisa", "camisas", FEM, 0) \
    X("song", "songs", "canción", "canciones", FEM, 0) \
    X("spider", "spiders", "araña", "arañas", FEM, 0)
#define NOUNS(X) MASCULINE_NOUNS(X) FEMININE_NOUNS(X)
#line 257 "chapters/09-spanish.nw"
enum { OPINION, SIZE, QUALITY, AGE, COLOUR };
#define ADJECTIVES(X) \
    X("small", "pequeño", "pequeña", "pequeños", "pequeñas", SIZE) \
    X("big", "grande", "grande", "grandes", "grandes", SIZE) \
    X("red", "rojo", "roja", "rojos", "rojas", COLOUR) \
    X("old", "viejo", "vieja", "viejos", "viejas", AGE) \
    X("new", "nuevo", "nueva", "nuevos", "nuevas", AGE) \
    X("white", "blanco", "blanca", "blancos", "blancas", COLOUR) \
    X("black", "negro", "negra", "negros", "negras", COLOUR) \
    X("green", "verde", "verde", "verdes", "verdes", COLOUR) \
    X("blue", "azul", "azul", "azules", "azules", COLOUR) \
    X("young", "joven", "joven", "jóvenes", "jóvenes", AGE) \
    X("happy", "feliz", "feliz", "felices", "felices", QUALITY) \
    X("sad", "triste", "triste", "tristes", "tristes", QUALITY) \
    X("tall", "alto", "alta", "altos", "altas", SIZE) \
    X("cheap", "barato", "barata", "baratos", "baratas", OPINION) \
    X("ugly", "feo", "fea", "feos", "feas", OPINION) \
    X("fat", "gordo", "gorda", "gordos", "gordas", QUALITY) \
    X("yellow", "amarillo", "amarilla", "amarillos", "amarillas", \
      COLOUR) \
    X("rich", "rico", "rica", "ricos", "ricas", QUALITY) \
    X("clean", "limpio", "limpia", "limpios", "limpias", QUALITY) \
    X("dirty", "sucio", "sucia", "sucios", "sucias", QUALITY)
#line 292 "chapters/09-spanish.nw"
enum { A_NEVER, A_DEFINITE, A_ALWAYS };
#define VERBS(X) \
    X("sees", "see", "ve", "ven", A_ALWAYS) \
    X("eats", "eat", "come", "comen", A_ALWAYS) \
    X("finds", "find", "encuentra", "encuentran", A_ALWAYS) \
    X("brings", "bring", "trae", "traen", A_ALWAYS) \
    X("has", "have", "tiene", "tienen", A_NEVER) \
    X("loves", "love", "ama", "aman", A_ALWAYS) \
    X("needs", "need", "necesita", "necesitan", A_DEFINITE) \
    X("hears", "hear", "oye", "oyen", A_ALWAYS) \
    X("knows", "know", "conoce", "conocen", A_ALWAYS) \
    X("buys", "buy", "compra", "compran", A_ALWAYS) \
    X("opens", "open", "abre", "abren", A_ALWAYS) \
    X("washes", "wash", "lava", "lavan", A_ALWAYS) \
    X("carries", "carry", "lleva", "llevan", A_ALWAYS) \
    X("follows", "follow", "sigue", "siguen", A_ALWAYS) \
    X("calls", "call", "llama", "llaman", A_ALWAYS) \
    X("paints", "paint", "pinta", "pintan", A_ALWAYS) \
    X("reads", "read", "lee", "leen", A_ALWAYS) \
    X("watches", "watch", "mira", "miran", A_ALWAYS) \
    X("pushes", "push", "empuja", "empujan", A_ALWAYS) \
    X("helps", "help", "ayuda", "ayudan", A_ALWAYS)
#line 334 "chapters/09-spanish.nw"
#define NOUN_EN(esg, epl, ssg, spl, gender, human) esg, epl,
#define ADJ_EN(en, ms, fs, mp, fp, kind) en,
#define VERB_EN(en3, enb, es3, es3p, a) en3, enb,
static const char *const english_words[] = {
    "the", "a", "an", "some", "he", "she", "it", "they", "does",
    "do", "not", "'s",
    NOUNS(NOUN_EN) ADJECTIVES(ADJ_EN) VERBS(VERB_EN)
};
_Static_assert(sizeof english_words / sizeof *english_words
               == EN_WORDS, "the English list and its numbers");
#line 357 "chapters/09-spanish.nw"
#define NOUN_ES(esg, epl, ssg, spl, gender, human) ssg, spl,
#define ADJ_ES(en, ms, fs, mp, fp, kind) ms, fs, mp, fp,
#define VERB_ES(en3, enb, es3, es3p, a) es3, es3p,
static const char *const spanish_words[] = {
    "el", "la", "los", "las", "un", "una", "unos", "unas",
    "al", "del", "de", "a", "no",
    NOUNS(NOUN_ES) ADJECTIVES(ADJ_ES) VERBS(VERB_ES)
};
_Static_assert(sizeof spanish_words / sizeof *spanish_words
               == ES_WORDS, "the Spanish list and its numbers");
#line 370 "chapters/09-spanish.nw"
#define NOUN_GENDER(esg, epl, ssg, spl, gender, human) gender,
#define NOUN_HUMAN(esg, epl, ssg, spl, gender, human) human,
#define ADJ_KIND(en, ms, fs, mp, fp, kind) kind,
#define VERB_A(en3, enb, es3, es3p, a) a,
static const int noun_gender[SP_NOUNS] = { NOUNS(NOUN_GENDER) };
static const int noun_human[SP_NOUNS] = { NOUNS(NOUN_HUMAN) };
static const int adjective_kind[SP_ADJECTIVES] = {
    ADJECTIVES(ADJ_KIND) };
static const int verb_a_rule[SP_VERBS] = { VERBS(VERB_A) };
#line 166 "chapters/09-spanish.nw"
const char *const phenomenon_name[N_PHENOMENA] = {
    "plain", "adjective", "possessive", "agreement", "negation",
    "dropped pronoun", "no link"
};
#line 388 "chapters/09-spanish.nw"
typedef struct {
    int definite, noun, plural;
    int n_adj, adj[2];              /* in English order */
    int at_det, at_noun, at_adj[2]; /* English positions */
} Phrase;
typedef struct {
    Phrase head, owner;     /* owner: the possessor, if any */
    int possessive, at_s;   /* at_s: the position of 's */
} NounPhrase;
typedef struct {
    int pronoun;            /* EN_HE..EN_THEY, or -1 */
    NounPhrase subject, object;
    int negated, verb, has_object;
    int at_pronoun, at_does, at_not, at_verb;
} Sentence;
#line 412 "chapters/09-spanish.nw"
static void draw_phrase(Phrase *ph, Rng *rng, int may_be_plural)
{
    ph->noun = rng_below(rng, SP_NOUNS);
    ph->plural = may_be_plural && rng_below(rng, 3) == 0;
    ph->definite = rng_below(rng, 2);
    ph->n_adj = rng_below(rng, 3);
    ph->adj[0] = rng_below(rng, SP_ADJECTIVES);
    do ph->adj[1] = rng_below(rng, SP_ADJECTIVES);
    while (adjective_kind[ph->adj[1]] == adjective_kind[ph->adj[0]]);
    if (adjective_kind[ph->adj[1]] < adjective_kind[ph->adj[0]]) {
        int first = ph->adj[1];
        ph->adj[1] = ph->adj[0];
        ph->adj[0] = first;
    }
}

static void draw_noun_phrase(NounPhrase *np, Rng *rng)
{
    np->possessive = rng_below(rng, 4) == 0;
    draw_phrase(&np->head, rng, 1);
    if (np->possessive) draw_phrase(&np->owner, rng, 0);
}

static void draw_sentence(Sentence *s, Rng *rng)
{
    s->pronoun = rng_below(rng, 4) == 0 ? EN_HE + rng_below(rng, 4)
                                        : -1;
    draw_noun_phrase(&s->subject, rng);
    s->negated = rng_below(rng, 3) == 0;
    s->verb = rng_below(rng, SP_VERBS);
    s->has_object = rng_below(rng, 4) != 0;
    draw_noun_phrase(&s->object, rng);
}
#line 451 "chapters/09-spanish.nw"
static int subject_plural(const Sentence *s)
{
    return s->pronoun >= 0 ? s->pronoun == EN_THEY
                           : s->subject.head.plural;
}
#line 467 "chapters/09-spanish.nw"
static int a_or_an(const Phrase *ph)
{
    int next = ph->n_adj ? EN_ADJ + ph->adj[0]
                         : EN_NOUN + 2 * ph->noun;
    return strchr("aeiou", english_words[next][0]) ? EN_AN : EN_A;
}

static int put_src(TaskPair *p, int word)
{
    p->src[p->src_words] = word;
    return ++p->src_words;
}

static void write_phrase_en(TaskPair *p, Phrase *ph, int with_det)
{
    if (with_det)
        ph->at_det = put_src(p, ph->definite ? EN_THE
                                : ph->plural ? EN_SOME
                                : a_or_an(ph));
    for (int k = 0; k < ph->n_adj; k++)
        ph->at_adj[k] = put_src(p, EN_ADJ + ph->adj[k]);
    ph->at_noun = put_src(p, EN_NOUN + 2 * ph->noun + ph->plural);
}
#line 494 "chapters/09-spanish.nw"
static void write_noun_phrase_en(TaskPair *p, NounPhrase *np)
{
    if (np->possessive) {
        write_phrase_en(p, &np->owner, 1);
        np->at_s = put_src(p, EN_POSS);
        write_phrase_en(p, &np->head, 0);
    } else write_phrase_en(p, &np->head, 1);
}

static void write_sentence_en(TaskPair *p, Sentence *s)
{
    int plural = subject_plural(s);
    p->src_words = 0;
    if (s->pronoun >= 0) s->at_pronoun = put_src(p, s->pronoun);
    else write_noun_phrase_en(p, &s->subject);
    if (s->negated) {
        s->at_does = put_src(p, plural ? EN_DO : EN_DOES);
        s->at_not = put_src(p, EN_NOT);
    }
    s->at_verb = put_src(p, EN_VERB + 2 * s->verb
                            + (plural || s->negated));
    if (s->has_object) write_noun_phrase_en(p, &s->object);
}
#line 524 "chapters/09-spanish.nw"
static int put_tgt(TaskPair *p, int word, int tag)
{
    p->tgt[p->tgt_words] = word;
    p->tag[p->tgt_words] = tag;
    return ++p->tgt_words;
}

static void put_link(TaskPair *p, int src, int tgt, int sure)
{
    p->link[p->n_links++] = (Link){ .src = src, .tgt = tgt,
                                    .sure = sure };
}

static int article(int definite, int plural, int gender)
{
    return ES_ART + 4 * !definite + 2 * plural + gender;
}
#line 546 "chapters/09-spanish.nw"
static void write_noun_and_adjectives(TaskPair *p, const Phrase *ph,
                                      int noun_tag)
{
    int g = noun_gender[ph->noun];
    int t = put_tgt(p, ES_NOUN + 2 * ph->noun + ph->plural, noun_tag);
    put_link(p, ph->at_noun, t, 1);
    for (int k = ph->n_adj - 1; k >= 0; k--) {
        t = put_tgt(p, ES_ADJ + 4 * ph->adj[k] + 2 * ph->plural + g,
                    PH_ADJECTIVE);
        put_link(p, ph->at_adj[k], t, 1);
    }
}
#line 567 "chapters/09-spanish.nw"
static void write_noun_phrase_es(TaskPair *p, const NounPhrase *np,
                                 int a_rule)
{
    const Phrase *h = &np->head;
    int definite = np->possessive || h->definite;
    int art = article(definite, h->plural, noun_gender[h->noun]);
    int tag = np->possessive ? PH_POSSESSIVE : PH_AGREEMENT;
    int a = a_rule == A_ALWAYS || (a_rule == A_DEFINITE && definite);
    if (a && noun_human[h->noun]) {
        if (art == ES_ART) art = ES_AL;     /* a + el */
        else put_tgt(p, ES_A, PH_UNALIGNED);
    }
    int t = put_tgt(p, art, tag);
    if (np->possessive) put_link(p, np->at_s, t, 0);
    else put_link(p, h->at_det, t, 1);
    write_noun_and_adjectives(p, h, np->possessive ? PH_POSSESSIVE
                                                   : PH_PLAIN);
    if (np->possessive) 
#line 588 "chapters/09-spanish.nw"
{
    const Phrase *o = &np->owner;
    int oart = article(o->definite, 0, noun_gender[o->noun]);
    if (oart == ES_ART) {                   /* de + el */
        t = put_tgt(p, ES_DEL, PH_POSSESSIVE);
        put_link(p, np->at_s, t, 1);
        put_link(p, o->at_det, t, 1);
    } else {
        t = put_tgt(p, ES_DE, PH_POSSESSIVE);
        put_link(p, np->at_s, t, 1);
        t = put_tgt(p, oart, PH_POSSESSIVE);
        put_link(p, o->at_det, t, 1);
    }
    write_noun_and_adjectives(p, o, PH_POSSESSIVE);
}
#line 585 "chapters/09-spanish.nw"
}
#line 608 "chapters/09-spanish.nw"
static void write_sentence_es(TaskPair *p, const Sentence *s)
{
    p->tgt_words = p->n_links = 0;
    if (s->pronoun < 0) write_noun_phrase_es(p, &s->subject, 0);
    if (s->negated)
        put_link(p, s->at_not, put_tgt(p, ES_NO, PH_NEGATION), 1);
    int tag = s->pronoun >= 0 ? PH_DROPPED
            : s->negated ? PH_NEGATION : PH_PLAIN;
    int v = put_tgt(p, ES_VERB + 2 * s->verb + subject_plural(s),
                    tag);
    put_link(p, s->at_verb, v, 1);
    if (s->negated) put_link(p, s->at_does, v, 0);
    if (s->pronoun >= 0) put_link(p, s->at_pronoun, v, 0);
    if (s->has_object)
        write_noun_phrase_es(p, &s->object, verb_a_rule[s->verb]);
}
#line 659 "chapters/09-spanish.nw"
static int phrase_length(const Phrase *ph, int with_det)
{
    return with_det + ph->n_adj + 1;
}

static int noun_phrase_length(const NounPhrase *np)
{
    return np->possessive ? phrase_length(&np->owner, 1) + 1
                            + phrase_length(&np->head, 0)
                          : phrase_length(&np->head, 1);
}

static int sentence_length(const Sentence *s)
{
    return (s->pronoun >= 0 ? 1 : noun_phrase_length(&s->subject))
           + (s->negated ? 3 : 1)
           + (s->has_object ? noun_phrase_length(&s->object) : 0);
}
#line 640 "chapters/09-spanish.nw"
static void spanish_draw(const Task *t, int words, Rng *rng,
                         TaskPair *p)
{
    (void)t;
    if (words < SPANISH_MIN_WORDS || words > SPANISH_MAX_WORDS)
        refuse("the task 'spanish' has sentences of %d to %d words,"
               " not %d", SPANISH_MIN_WORDS, SPANISH_MAX_WORDS,
               words);
    Sentence s;
    do draw_sentence(&s, rng);
    while (sentence_length(&s) != words);
    write_sentence_en(p, &s);
    write_sentence_es(p, &s);
}
#line 682 "chapters/09-spanish.nw"
const Task spanish_task = {
    .name = "spanish",
    .n_src = EN_WORDS, .n_tgt = ES_WORDS,
    .src_words = english_words, .tgt_words = spanish_words,
    .extra_words = 3,
    .draw = spanish_draw,
};
#line 706 "chapters/09-spanish.nw"
typedef struct { const int *word; int n, at; } Reader;

static int peek(const Reader *r)
{
    return r->at < r->n ? r->word[r->at] : -1;
}

static int next_is(const Reader *r, int first, int end)
{
    return peek(r) >= first && peek(r) < end;
}
#line 722 "chapters/09-spanish.nw"
static int read_phrase(Reader *r, Phrase *ph, int with_det)
{
    int det = with_det ? peek(r) : EN_THE;
    if (det != EN_THE && det != EN_A && det != EN_AN
        && det != EN_SOME) return 0;
    r->at += with_det;
    ph->n_adj = 0;
    for (; next_is(r, EN_ADJ, EN_VERB); r->at++) {
        if (ph->n_adj == 2) return 0;
        ph->adj[ph->n_adj++] = peek(r) - EN_ADJ;
    }
    if (ph->n_adj == 2 && adjective_kind[ph->adj[0]]
                          >= adjective_kind[ph->adj[1]]) return 0;
    if (!next_is(r, EN_NOUN, EN_ADJ)) return 0;
    ph->noun = (peek(r) - EN_NOUN) / 2;
    ph->plural = (peek(r) - EN_NOUN) % 2;
    r->at++;
    ph->definite = det == EN_THE;
    if (det == EN_A || det == EN_AN)
        return !ph->plural && det == a_or_an(ph);
    return det == EN_THE || ph->plural;
}

static int read_noun_phrase(Reader *r, NounPhrase *np)
{
    if (!read_phrase(r, &np->head, 1)) return 0;
    np->possessive = peek(r) == EN_POSS;
    if (!np->possessive) return 1;
    r->at++;
    np->owner = np->head;           /* what was read is the owner */
    return !np->owner.plural && read_phrase(r, &np->head, 0);
}
#line 759 "chapters/09-spanish.nw"
int spanish_parse(const int *words, int n, TaskPair *p)
{
    Reader r = { words, n, 0 };
    Sentence s;
    memset(&s, 0, sizeof s);
    s.pronoun = next_is(&r, EN_HE, EN_DOES) ? words[r.at++] : -1;
    if (s.pronoun < 0 && !read_noun_phrase(&r, &s.subject)) return 0;
    int plural = subject_plural(&s);
    if (peek(&r) == (plural ? EN_DO : EN_DOES)) {
        r.at++;
        if (peek(&r) != EN_NOT) return 0;
        r.at++;
        s.negated = 1;
    }
    if (!next_is(&r, EN_VERB, EN_WORDS)) return 0;
    s.verb = (peek(&r) - EN_VERB) / 2;
    if ((peek(&r) - EN_VERB) % 2 != (plural || s.negated)) return 0;
    r.at++;
    s.has_object = r.at < n;
    if (s.has_object && !read_noun_phrase(&r, &s.object)) return 0;
    if (r.at != n) return 0;
    write_sentence_en(p, &s);
    write_sentence_es(p, &s);
    return 1;
}
