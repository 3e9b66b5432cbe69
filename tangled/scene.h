#line 1296 "chapters/10-captions.nw"
/* scene.h: scenes of clothing, their captions and gold places
   (chapter 10). */
#ifndef SCENE_H
#define SCENE_H
#include "image.h"
#include "task.h"
#line 1316 "chapters/10-captions.nw"
enum { CELLS = 3, CANVAS = CELLS * CELL, GRID = CANVAS / NET_STRIDE,
       LOCATIONS = GRID * GRID, CELL_GRID = GRID / CELLS,
       MAX_ITEMS = 4 };
typedef struct {
    int items;                      /* 1 to MAX_ITEMS */
    int cell[MAX_ITEMS];            /* 0 to 8, in reading order */
    int picture[MAX_ITEMS];         /* in the Fashion set */
} Scene;
void scene_draw(Scene *s, const Fashion *f, int min_items,
                int max_items, Rng *rng);
#line 1363 "chapters/10-captions.nw"
void scene_canvas(real *canvas /* [96, 96] */, const Scene *s,
                  const Fashion *f);
#line 1386 "chapters/10-captions.nw"
int scene_links(Link *link /* [items * 4] */, const Scene *s);
#line 1415 "chapters/10-captions.nw"
extern const Task scene_task;
#line 1436 "chapters/10-captions.nw"
void scene_dataset(Dataset *d, const Scene *scenes, int n,
                   const Fashion *f, const ImageNet *net);
#line 1517 "chapters/10-captions.nw"
double scene_cell_mass(const real *w /* [L] */, int cell);
void scene_text(FILE *f, const Scene *s, const Fashion *set,
                const char *const *word /* [n] */,
                const real *w /* [n, L] */, int n);
#line 1303 "chapters/10-captions.nw"
#endif
