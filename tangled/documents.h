#line 32 "chapters/11-documents.nw"
/* documents.h: documents whose class one word decides, with that
   word known (chapter 11). */
#ifndef DOCUMENTS_H
#define DOCUMENTS_H
#include "task.h"
#line 130 "chapters/11-documents.nw"
enum { DW_PERIOD, DW_A, DW_THE, DW_IS, DW_CAT,
       DW_NOUN = DW_CAT, DOC_NOUNS = 8,
       DW_ADJ = DW_NOUN + DOC_NOUNS, DOC_ADJECTIVES = 8,
       DW_VERB = DW_ADJ + DOC_ADJECTIVES, DOC_TRANSITIVE = 4,
       DW_INTRANSITIVE = DW_VERB + DOC_TRANSITIVE,
       DOC_INTRANSITIVE = 2,
       DOC_WORDS = DW_INTRANSITIVE + DOC_INTRANSITIVE };
enum { DOC_CLASSES = 2 };       /* big, small: 4 adjectives each */
#line 229 "chapters/11-documents.nw"
enum { DOC_MAX_SENTENCES = 8, DOC_SENTENCE_TOKENS = 7 };
extern const Task documents_task;
#line 255 "chapters/11-documents.nw"
enum { DOC_PERIOD_ID = N_SPECIAL };
int doc_sentences(int *first /* [room] */, int *words /* [room] */,
                  int room, const int *ids /* [len] */, int len);
#line 304 "chapters/11-documents.nw"
double doc_sentence_chance(int min_sentences, int max_sentences);
double doc_word_chance(void);
double doc_bag_of_words(int sentences);
#line 38 "chapters/11-documents.nw"
#endif
