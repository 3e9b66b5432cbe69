#line 1428 "chapters/07b-training.nw"
/* families.c: the model families a program can name (chapter 7). */
#include "families.h"
#include <assert.h>
#include <string.h>
const ModelFamily *const model_families[] = {
    &seq2seq_family, &transformer_family,
    
#line 2132 "chapters/10-captions.nw"
&captioner_family,
#line 1501 "chapters/11-documents.nw"
&han_family,
#line 1435 "chapters/07b-training.nw"
    NULL
};
#line 1440 "chapters/07b-training.nw"
const ModelFamily *family_named(const char *name)
{
    for (int f = 0; model_families[f]; f++)
        if (!strcmp(model_families[f]->name, name))
            return model_families[f];
    return NULL;
}

static int kind_at(int kind, const ModelFamily **family)
{
    for (int f = 0; model_families[f]; f++)
        for (int v = 0; !model_families[f]->reads_images
                        && model_families[f]->variants[v]; v++)
            if (kind-- == 0) {
                *family = model_families[f];
                return v;
            }
    return -1;
}

const char *kind_name(int kind)
{
    const ModelFamily *family = NULL;
    int v = kind_at(kind, &family);
    return v < 0 ? NULL : family->variants[v];
}

void kind_config(ModelConfig *cfg, int kind)
{
    int v = kind_at(kind, &cfg->family);
    assert(v >= 0);
    cfg->attention = v;
}

int kind_chooses(int kind)
{
    const ModelFamily *family = NULL;
    int v = kind_at(kind, &family);
    return v >= 0 && family->chooses(v);
}

int config_kind(const ModelConfig *cfg)
{
    for (int k = 0; kind_name(k); k++) {
        const ModelFamily *family = NULL;
        if (kind_at(k, &family) == cfg->attention
            && family == cfg->family)
            return k;
    }
    return -1;
}

int kind_from_name(const char *name)
{
    char known[256] = "";
    for (int k = 0; kind_name(k); k++) {
        const ModelFamily *family = NULL;
        kind_at(k, &family);
        if (!strcmp(name, kind_name(k))) {
            require_decoder(family);    /* chapter 11 */
            return k;
        }
        if (!family->start) continue;   /* no decoder */
        strcat(known, k ? ", " : "");
        strcat(known, kind_name(k));
    }
    refuse("unknown attention '%s'; the known kinds are: %s",
           shown(name), known);
}
#line 1513 "chapters/07b-training.nw"
int kind_listed(int kind, const char *option, const char *list)
{
    char buf[128], *item[16];
    int n = list ? split_list(buf, sizeof buf, option, list, item, 16)
                 : 0;
    for (int i = 0; i < n; i++)
        if (kind_from_name(item[i]) == kind) return 1;
    return 0;
}
