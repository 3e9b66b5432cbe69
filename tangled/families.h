#line 1411 "chapters/07b-training.nw"
/* families.h: the model families a program can name (chapter 7). */
#ifndef FAMILIES_H
#define FAMILIES_H
#include "tmodel.h"
#line 2130 "chapters/10-captions.nw"
#include "captioner.h"
#line 1499 "chapters/11-documents.nw"
#include "han.h"
#line 1416 "chapters/07b-training.nw"
extern const ModelFamily *const model_families[];   /* NULL ends */
const ModelFamily *family_named(const char *name);  /* or NULL */
int kind_from_name(const char *name);   /* refuses an unknown one */
const char *kind_name(int kind);        /* NULL past the last */
void kind_config(ModelConfig *cfg, int kind);
int config_kind(const ModelConfig *cfg);
int kind_chooses(int kind);
int kind_listed(int kind, const char *option, const char *list);
#endif
