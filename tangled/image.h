#line 54 "chapters/10-captions.nw"
/* image.h: images, and a small convolutional network to read them
   (chapter 10). */
#ifndef IMAGE_H
#define IMAGE_H
#include "toolkit.h"
#line 120 "chapters/10-captions.nw"
typedef struct {
    int n, rows, cols;          /* items; a label file's are 1 x 1 */
    unsigned char *byte;        /* [n, rows, cols] */
} Idx;
enum { IDX_MAX_SIDE = 4096 };
#define IDX_MAX_BYTES (1ull << 30)
const char *idx_read(Idx *x, const char *path, int dims);
void idx_free(Idx *x);
#line 290 "chapters/10-captions.nw"
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
#line 498 "chapters/10-captions.nw"
void im2col(real *P /* [N R R, 9 C] */,
            const real *X /* [N, R, R, C] */, int N, int R, int C);
void col2im(real *dX /* [N, R, R, C], added to */,
            const real *dP /* [N R R, 9 C] */, int N, int R, int C);
void conv_forward(real *Y /* [N, R, R, C_out] */,
                  real *P /* [N R R, 9 C_in]: kept for backward */,
                  const real *X /* [N, R, R, C_in] */,
                  const real *W /* [9 C_in, C_out] */,
                  const real *b /* [C_out] */,
                  int N, int R, int C_in, int C_out);
void conv_backward(real *dX /* [N, R, R, C_in], added to, or NULL */,
                   real *dP /* scratch [N R R, 9 C_in], or NULL */,
                   real *dW, real *db, const real *dY, const real *P,
                   const real *W, int N, int R, int C_in, int C_out);
#line 591 "chapters/10-captions.nw"
void relu_forward(real *Y, const real *X, size_t n);
void relu_backward(real *d /* [n], in place */, const real *Y,
                   size_t n);
void pool_forward(real *Y /* [N, R/2, R/2, C] */,
                  int *arg /* [N, R/2, R/2, C] */,
                  const real *X /* [N, R, R, C] */, int N, int R,
                  int C);
void pool_backward(real *dX /* added to */, const real *dY,
                   const int *arg, size_t n);
#line 707 "chapters/10-captions.nw"
enum { NET_CNN, NET_PATCH };            /* the two types */
enum { NET_LAYERS = 4, NET_STRIDE = 16 };   /* pixels per location */
typedef struct {
    int type, Da;               /* NET_CNN or NET_PATCH; Da numbers
                                   per location */
    int channels[NET_LAYERS + 1];   /* 1, C1, 2 C1, 4 C1, Da */
    Params params;
    int W[NET_LAYERS], b[NET_LAYERS];   /* the patch's: W[0], b[0] */
    int head_W, head_b;     /* the classifier: [Da, 10], [1, 10] */
} ImageNet;
void net_create(ImageNet *net, int type, int C1, int Da,
                uint64_t seed);
void net_free(ImageNet *net);
#line 778 "chapters/10-captions.nw"
typedef struct {
    int N, R, G;                /* pictures, their side, R / 16 */
    real *P[NET_LAYERS], *dP[NET_LAYERS];   /* im2col, its gradient */
    real *A[NET_LAYERS], *dA[NET_LAYERS];   /* rectified outputs */
    real *M[NET_LAYERS], *dM[NET_LAYERS];   /* pooled outputs */
    int *arg[NET_LAYERS];
    real *out, *d_out;          /* [N, G, G, Da] */
    real *block;                /* the first of the arrays, or NULL */
    int *index;
} NetRun;
void net_run_alloc(NetRun *r, const ImageNet *net, int N, int R);
void net_run_free(NetRun *r);
const real *net_forward(const ImageNet *net, NetRun *r,
                        const real *X /* [N, R, R, 1] */, int N);
void net_backward(ImageNet *net, NetRun *r, int N);
#line 943 "chapters/10-captions.nw"
enum { CELL = 32 };             /* a picture's cell, in pixels */
void item_image(real *x /* [32, 32] */,
                const unsigned char *pixel /* [28, 28] */);
typedef struct {
    int pictures, epochs, batch;
    double lr;
    uint64_t seed;
} NetTraining;
double net_train(ImageNet *net, const Fashion *f,
                 const NetTraining *t);
double net_accuracy(const ImageNet *net, const Fashion *f, int n);
#line 973 "chapters/10-captions.nw"
typedef struct {
    real *mean, *d_mean;                /* [N, Da] */
    real *logits, *prob, *d_logits;     /* [N, 10] */
    int *label;                         /* [N] */
} Head;
double head_forward(const ImageNet *net, Head *h,
                    const real *out /* [N, G G, Da] */, int N, int G);
void head_backward(ImageNet *net, Head *h,
                   real *d_out /* [N, G G, Da], overwritten */, int N,
                   int G);
void head_alloc(Head *h, int N, int Da);
void head_free(Head *h);
#line 63 "chapters/10-captions.nw"
#endif
