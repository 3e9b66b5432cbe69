#line 31 "chapters/09-spanish.nw"
/* spanish.h: an English-to-Spanish grammar with its gold links
   (chapter 9). */
#ifndef SPANISH_H
#define SPANISH_H
#include "task.h"
#line 160 "chapters/09-spanish.nw"
enum { PH_PLAIN, PH_ADJECTIVE, PH_POSSESSIVE, PH_AGREEMENT,
       PH_NEGATION, PH_DROPPED, PH_UNALIGNED, N_PHENOMENA };
extern const char *const phenomenon_name[N_PHENOMENA];
#line 324 "chapters/09-spanish.nw"
enum { SP_NOUNS = 45, SP_ADJECTIVES = 20, SP_VERBS = 20 };
enum { EN_THE, EN_A, EN_AN, EN_SOME, EN_HE, EN_SHE, EN_IT, EN_THEY,
       EN_DOES, EN_DO, EN_NOT, EN_POSS, EN_NOUN,
       EN_ADJ = EN_NOUN + 2 * SP_NOUNS,
       EN_VERB = EN_ADJ + SP_ADJECTIVES,
       EN_WORDS = EN_VERB + 2 * SP_VERBS };
#line 350 "chapters/09-spanish.nw"
enum { ES_ART = 0, ES_AL = 8, ES_DEL, ES_DE, ES_A, ES_NO, ES_NOUN,
       ES_ADJ = ES_NOUN + 2 * SP_NOUNS,
       ES_VERB = ES_ADJ + 4 * SP_ADJECTIVES,
       ES_WORDS = ES_VERB + 2 * SP_VERBS };
#line 635 "chapters/09-spanish.nw"
enum { SPANISH_MIN_WORDS = 2, SPANISH_MAX_WORDS = 19 };
extern const Task spanish_task;
#line 701 "chapters/09-spanish.nw"
int spanish_parse(const int *words /* [n] */, int n, TaskPair *p);
#line 38 "chapters/09-spanish.nw"
#endif
