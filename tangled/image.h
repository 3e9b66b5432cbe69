#line 33 "chapters/10-captions.nw"
/* image.h: images, and a small convolutional network to read them
   (chapter 10). */
#ifndef IMAGE_H
#define IMAGE_H
#include "toolkit.h"
#line 94 "chapters/10-captions.nw"
typedef struct {
    int n, rows, cols;          /* items; a label file's are 1 x 1 */
    unsigned char *byte;        /* [n, rows, cols] */
} Idx;
enum { IDX_MAX_SIDE = 4096 };
#define IDX_MAX_BYTES (1ull << 30)
const char *idx_read(Idx *x, const char *path, int dims);
void idx_free(Idx *x);
#line 264 "chapters/10-captions.nw"
#define FASHION_DIR "/usr/share/datasets/fashion-mnist"
#define FASHION_PACKAGE "dataset-fashion-mnist"
enum { FASHION_SIDE = 28, FASHION_CLASSES = 10 };
extern const char *const fashion_class[FASHION_CLASSES];
typedef struct {
    int n;                      /* pictures */
    unsigned char *pixel;       /* [n, 28, 28], 0 black to 255 */
    unsigned char *label;       /* [n]: 0 to 9 */
} Fashion;
const char *fashion_read(Fashion *f, const char *dir, int test);
void fashion_free(Fashion *f);
#line 40 "chapters/10-captions.nw"
#endif
