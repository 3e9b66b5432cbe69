#line 1306 "chapters/10-captions.nw"
/* scene.c: scenes of clothing, their captions and gold places
   (chapter 10). */
#include "scene.h"
#include "align.h"
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#line 1333 "chapters/10-captions.nw"
void scene_draw(Scene *s, const Fashion *f, int min_items,
                int max_items, Rng *rng)
{
    assert(1 <= min_items && min_items <= max_items
           && max_items <= MAX_ITEMS);
    s->items = min_items + rng_below(rng, max_items - min_items + 1);
    int cells[CELLS * CELLS];
    for (int c = 0; c < CELLS * CELLS; c++) cells[c] = c;
    rng_shuffle(rng, cells, CELLS * CELLS);
    for (int i = 0; i < s->items; i++) {    /* insertion, in order */
        int j = i;
        for (; j > 0 && s->cell[j - 1] > cells[i]; j--)
            s->cell[j] = s->cell[j - 1];
        s->cell[j] = cells[i];
    }
    unsigned kinds = 0;                     /* kinds in the scene */
    for (int i = 0; i < s->items; i++) {
        int k;
        do k = rng_below(rng, f->n); while (kinds >> f->label[k] & 1);
        kinds |= 1u << f->label[k];
        s->picture[i] = k;
    }
}
#line 1367 "chapters/10-captions.nw"
void scene_canvas(real *canvas, const Scene *s, const Fashion *f)
{
    real cell[CELL * CELL];
    memset(canvas, 0, sizeof(real) * CANVAS * CANVAS);
    for (int i = 0; i < s->items; i++) {
        int first_row = s->cell[i] / CELLS * CELL;
        int first_col = s->cell[i] % CELLS * CELL;
        item_image(cell, f->pixel + (size_t)s->picture[i]
                                    * FASHION_SIDE * FASHION_SIDE);
        real *at = canvas + (size_t)first_row * CANVAS + first_col;
        for (int y = 0; y < CELL; y++)
            memcpy(at + (size_t)y * CANVAS, cell + y * CELL,
                   sizeof(real) * CELL);
    }
}
#line 1389 "chapters/10-captions.nw"
int scene_links(Link *link, const Scene *s)
{
    int n = 0;
    for (int i = 0; i < s->items; i++) {
        int row = s->cell[i] / CELLS * CELL_GRID;
        int col = s->cell[i] % CELLS * CELL_GRID;
        for (int dy = 0; dy < CELL_GRID; dy++)
            for (int dx = 0; dx < CELL_GRID; dx++)
                link[n++] = (Link){ .src = (row + dy) * GRID + col
                                           + dx,
                                    .tgt = i + 1, .sure = 1 };
    }
    return n;
}
#line 1418 "chapters/10-captions.nw"
const Task scene_task = {
    .name = "scenes", .n_src = 0, .n_tgt = FASHION_CLASSES,
    .src_words = NULL, .tgt_words = fashion_class, .extra_words = 0,
    .draw = NULL,
};
#line 1440 "chapters/10-captions.nw"
void scene_dataset(Dataset *d, const Scene *scenes, int n,
                   const Fashion *f, const ImageNet *net)
{
    int L = LOCATIONS, Da = net->Da, id[FASHION_CLASSES];
    
#line 1464 "chapters/10-captions.nw"
Vocab v;
vocab_build(&v, &scene_task, TARGET);
for (int k = 0; k < FASHION_CLASSES; k++)
    id[k] = vocab_find(&v, fashion_class[k]);
vocab_free(&v);
#line 1445 "chapters/10-captions.nw"
    memset(d, 0, sizeof *d);
    d->n = n;
    d->L = L;
    d->src = xcalloc((size_t)n * L, sizeof(int));
    d->tgt = xcalloc((size_t)n * L, sizeof(int));
    d->src_len = xcalloc(n, sizeof(int));
    d->tgt_len = xcalloc(n, sizeof(int));
    d->first_link = xcalloc((size_t)n + 1, sizeof(int));
    d->link = xcalloc((size_t)n * MAX_ITEMS * CELL_GRID * CELL_GRID,
                      sizeof(Link));
    d->feat_size = L * Da;
    d->feat = xcalloc((size_t)n * L * Da, sizeof(real));
    for (int p = 0; p < n; p++) {
        
#line 1470 "chapters/10-captions.nw"
const Scene *s = scenes + p;
int *src = d->src + (size_t)p * L, *tgt = d->tgt + (size_t)p * L;
for (int i = 0; i < L; i++) src[i] = UNK;
d->src_len[p] = L;
tgt[0] = SOS;
for (int i = 0; i < s->items; i++)
    tgt[i + 1] = id[f->label[s->picture[i]]];
tgt[s->items + 1] = EOS;
d->tgt_len[p] = s->items + 2;
d->first_link[p + 1] = d->first_link[p]
                       + scene_links(d->link + d->first_link[p], s);
#line 1459 "chapters/10-captions.nw"
    }
    
#line 1485 "chapters/10-captions.nw"
enum { BATCH = 8 };
NetRun r;
net_run_alloc(&r, net, BATCH, CANVAS);
real *X = xcalloc((size_t)BATCH * CANVAS * CANVAS, sizeof(real));
for (int start = 0; start < n; start += BATCH) {
    int count = n - start < BATCH ? n - start : BATCH;
    for (int i = 0; i < count; i++)
        scene_canvas(X + (size_t)i * CANVAS * CANVAS,
                     scenes + start + i, f);
    const real *out = net_forward(net, &r, X, count);
    memcpy(d->feat + (size_t)start * L * Da, out,
           sizeof(real) * count * L * Da);
}
free(X);
net_run_free(&r);
#line 1461 "chapters/10-captions.nw"
}
#line 1523 "chapters/10-captions.nw"
double scene_cell_mass(const real *w, int cell)
{
    Scene one = { 1, { cell }, { 0 } };
    Link link[CELL_GRID * CELL_GRID];
    int n = scene_links(link, &one);
    double sum = 0;
    for (int k = 0; k < n; k++) sum += w[link[k].src];
    return sum;
}

void scene_text(FILE *f, const Scene *s, const Fashion *set,
                const char *const *word, const real *w, int n)
{
    
#line 1551 "chapters/10-captions.nw"
for (int r = 0; r < CELLS; r++) {
    for (int c = 0; c < CELLS; c++) {
        const char *label = ".";
        for (int i = 0; i < s->items; i++)
            if (s->cell[i] == r * CELLS + c)
                label = fashion_class[set->label[s->picture[i]]];
        fprintf(f, "%-10s", label);
    }
    fputc('\n', f);
}
fputc('\n', f);
#line 1537 "chapters/10-captions.nw"
    for (int first = 0; first < n; first += 4) {
        int last = first + 4 < n ? first + 4 : n;
        
#line 1565 "chapters/10-captions.nw"
for (int j = first; j < last; j++) {
    char title[40];
    if (j < s->items)
        snprintf(title, sizeof title, "%s %.2f", word[j],
                 scene_cell_mass(w + (size_t)j * LOCATIONS,
                                 s->cell[j]));
    else
        snprintf(title, sizeof title, "%s", word[j]);
    fprintf(f, "%-17s", title);
}
fputc('\n', f);
#line 1540 "chapters/10-captions.nw"
        for (int line = 0; line < GRID + CELLS - 1; line++) {
            for (int j = first; j < last; j++) {
                
#line 1580 "chapters/10-captions.nw"
int gold = j < s->items ? s->cell[j] : -1;
if (line % 3 == 2) {
    fputs(" ----+----+----  ", f);
    continue;
}
int row = line - line / 3;              /* the location row */
for (int c = 0; c < CELLS; c++) {
    int cell = row / CELL_GRID * CELLS + c;
    if (c > 0)
        fputs(cell == gold ? ">" : cell - 1 == gold ? "<" : "|", f);
    else fputs(cell == gold ? ">" : " ", f);
    for (int x = 0; x < CELL_GRID; x++) {
        const char *glyph = weight_shade(w[(size_t)j * LOCATIONS
                                           + row * GRID
                                           + c * CELL_GRID + x]);
        fputs(glyph, f);
        fputs(glyph, f);
    }
}
int end = row / CELL_GRID * CELLS + CELLS - 1;
fputs(end == gold ? "< " : "  ", f);
#line 1543 "chapters/10-captions.nw"
            }
            fputc('\n', f);
        }
        fputc('\n', f);
    }
}
