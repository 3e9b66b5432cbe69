/* Tests for chapter 10: the IDX reader, the convolutional network's
   layers and their gradients, the scenes and the captioner. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include "image.h"

/* ---- files the tests write ------------------------------------ */

static char folder[64];

static void make_folder(void)
{
    strcpy(folder, "/tmp/am-idx-XXXXXX");
    assert_non_null(mkdtemp(folder));
}

static void remove_folder(void)
{
    static const char *const names[] = {
        "train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz",
        "t10k-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz",
        "x.gz", "y.gz" };
    char path[128];
    for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
        snprintf(path, sizeof path, "%s/%s", folder, names[k]);
        unlink(path);
    }
    rmdir(folder);
}

static const char *in_folder(const char *name)
{
    static char path[128];
    snprintf(path, sizeof path, "%s/%s", folder, name);
    return path;
}

/* the bytes of an IDX file: header, then n * rows * cols values
   byte(i) = (7 i + 3) mod 251 (labels: i mod 10) */
static unsigned char *idx_bytes(int dims, uint32_t n, uint32_t rows,
                                uint32_t cols, size_t *size)
{
    size_t values = (size_t)n * rows * cols, head = 4 + 4 * dims;
    unsigned char *b = calloc(head + values, 1);
    b[2] = 0x08;
    b[3] = (unsigned char)dims;
    uint32_t size_of[3] = { n, rows, cols };
    for (int d = 0; d < dims; d++)
        for (int k = 0; k < 4; k++)
            b[4 + 4 * d + k] = (unsigned char)(size_of[d] >> (24 - 8 * k));
    for (size_t i = 0; i < values; i++)
        b[head + i] = (unsigned char)(dims == 1 ? i % 10
                                                : (7 * i + 3) % 251);
    *size = head + values;
    return b;
}

static void write_gz(const char *path, const unsigned char *b,
                     size_t n)
{
    gzFile f = gzopen(path, "wb");
    assert_non_null(f);
    if (n) assert_int_equal(gzwrite(f, b, (unsigned)n), (int)n);
    assert_int_equal(gzclose(f), Z_OK);
}

static void write_plain(const char *path, const unsigned char *b,
                        size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(b, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

static unsigned char *read_whole(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    unsigned char *b = malloc(1 << 20);
    *n = fread(b, 1, 1 << 20, f);
    fclose(f);
    return b;
}

/* idx_read must refuse the file with a message containing `want` */
static void refused_with(const char *path, int dims, const char *want)
{
    Idx x;
    const char *why = idx_read(&x, path, dims);
    if (!why || !strstr(why, want))
        print_error("expected a refusal with '%s', got '%s'\n", want,
                    why ? why : "(read)");
    assert_non_null(why);
    assert_non_null(strstr(why, want));
    assert_null(x.byte);
}

/* ---- the IDX reader -------------------------------------------- */

/* five pictures and their labels, gzipped, read back byte for byte;
   an uncompressed file reads as well */
static void test_a_written_set_reads_back(void **s)
{
    (void)s;
    make_folder();
    size_t n_img, n_lab;
    unsigned char *img = idx_bytes(3, 5, 28, 28, &n_img);
    unsigned char *lab = idx_bytes(1, 5, 1, 1, &n_lab);
    write_gz(in_folder("train-images-idx3-ubyte.gz"), img, n_img);
    write_plain(in_folder("train-labels-idx1-ubyte.gz"), lab, n_lab);
    Fashion f;
    const char *why = fashion_read(&f, folder, 0);
    assert_null(why);
    assert_int_equal(f.n, 5);
    assert_memory_equal(f.pixel, img + 16, 5 * 28 * 28);
    assert_memory_equal(f.label, lab + 8, 5);
    fashion_free(&f);
    free(img);
    free(lab);
    remove_folder();
}

static void test_a_missing_package_is_named_with_its_command(void **s)
{
    (void)s;
    make_folder();                          /* an empty folder */
    Fashion f;
    const char *why = fashion_read(&f, folder, 1);
    assert_non_null(why);
    assert_non_null(strstr(why, "t10k-images-idx3-ubyte.gz does not"
                                " exist"));
    assert_non_null(strstr(why, "apt-get install"
                                " dataset-fashion-mnist"));
    remove_folder();
}

/* each damage has its own reason */
static void test_damaged_files_are_refused_each_with_its_reason(void **s)
{
    (void)s;
    make_folder();
    const char *x = in_folder("x.gz");
    char path[128];
    strcpy(path, x);
    size_t n;
    unsigned char *b = idx_bytes(3, 3, 4, 5, &n);
    b[1] = 1;                               /* magic */
    write_gz(path, b, n);
    refused_with(path, 3, "not an IDX file");
    b[1] = 0; b[2] = 0x0d;                  /* floats */
    write_gz(path, b, n);
    refused_with(path, 3, "values of type 0d");
    b[2] = 0x08;
    write_gz(path, b, n);
    refused_with(path, 1, "the header says 3 dimensions, not 1");
    b[4] = 0xff;                            /* 4 billion pictures */
    write_gz(path, b, n);
    refused_with(path, 3, "sizes 4278190083 x 4 x 5");
    b[4] = 0x7f;                            /* 2^31 of 4096 x 4096 */
    b[10] = 0x10; b[11] = 0; b[14] = 0x10; b[15] = 0;
    write_gz(path, b, n);
    refused_with(path, 3, "more than the limit");
    b[4] = 0; b[10] = 0; b[11] = 4; b[14] = 0; b[15] = 5;
    b[7] = 4;                               /* one picture more */
    write_gz(path, b, n);
    refused_with(path, 3, "truncated: 60 bytes of the 80");
    b[7] = 3;
    write_gz(path, b, n - 71);              /* a cut header */
    refused_with(path, 3, "truncated: 5 bytes, less than an IDX"
                          " header of 16");
    write_gz(path, b, 0);                   /* empty */
    refused_with(path, 3, "truncated: 0 bytes");
    unsigned char *more = calloc(n + 1, 1);
    memcpy(more, b, n);
    write_gz(path, more, n + 1);            /* a byte too many */
    refused_with(path, 3, "more bytes than the 60");
    free(more);
    write_gz(path, b, n);                   /* sound, then cut */
    size_t m;
    unsigned char *gz = read_whole(path, &m);
    write_plain(path, gz, m - 3);           /* inside the trailer */
    refused_with(path, 3, "damaged");
    write_plain(path, gz, m / 2);           /* inside the values */
    refused_with(path, 3, "truncated");
    gz[m / 2] ^= 0x40;                      /* a flipped bit */
    write_plain(path, gz, m);
    refused_with(path, 3, "damaged");
    free(gz);
    free(b);
    remove_folder();
}

static void test_pictures_and_labels_must_belong_together(void **s)
{
    (void)s;
    make_folder();
    size_t n_img, n_lab;
    unsigned char *img = idx_bytes(3, 5, 28, 28, &n_img);
    unsigned char *lab = idx_bytes(1, 4, 1, 1, &n_lab);
    write_gz(in_folder("train-images-idx3-ubyte.gz"), img, n_img);
    write_gz(in_folder("train-labels-idx1-ubyte.gz"), lab, n_lab);
    Fashion f;
    const char *why = fashion_read(&f, folder, 0);
    assert_non_null(why);
    assert_non_null(strstr(why, "not as many"));
    free(lab);
    lab = idx_bytes(1, 5, 1, 1, &n_lab);
    lab[8 + 3] = 10;                        /* an eleventh kind */
    write_gz(in_folder("train-labels-idx1-ubyte.gz"), lab, n_lab);
    why = fashion_read(&f, folder, 0);
    assert_non_null(why);
    assert_non_null(strstr(why, "not one of the ten"));
    free(img);
    img = idx_bytes(3, 5, 28, 27, &n_img);
    lab[8 + 3] = 3;
    write_gz(in_folder("train-images-idx3-ubyte.gz"), img, n_img);
    write_gz(in_folder("train-labels-idx1-ubyte.gz"), lab, n_lab);
    why = fashion_read(&f, folder, 0);
    assert_non_null(why);
    assert_non_null(strstr(why, "not of 28 x 28"));
    free(img);
    free(lab);
    remove_folder();
}

/* 2000 copies of a valid file, each with bytes changed, cut or
   added, gzipped or not: read whole, or refused with a reason */
static void test_random_damage_is_read_or_refused(void **s)
{
    (void)s;
    make_folder();
    const char *path = in_folder("y.gz");
    size_t n;
    unsigned char *b = idx_bytes(3, 2, 3, 4, &n);
    write_gz(path, b, n);
    size_t m;
    unsigned char *gz = read_whole(path, &m);
    Rng rng;
    rng_seed(&rng, 10);
    int read = 0, refused = 0;
    unsigned char buf[256];
    for (int k = 0; k < 2000; k++) {
        int plain = k % 2;
        const unsigned char *from = plain ? b : gz;
        size_t len = plain ? n : m;
        memcpy(buf, from, len);
        int what = rng_below(&rng, 3);
        if (what == 0)                      /* change 1 to 4 bytes */
            for (int j = 0, c = 1 + rng_below(&rng, 4); j < c; j++)
                buf[rng_below(&rng, (int)len)] =
                    (unsigned char)rng_below(&rng, 256);
        else if (what == 1)                 /* cut */
            len = (size_t)rng_below(&rng, (int)len);
        else                                /* add 1 to 8 bytes */
            for (int j = 0, c = 1 + rng_below(&rng, 8); j < c; j++)
                buf[len++] = (unsigned char)rng_below(&rng, 256);
        write_plain(path, buf, len);
        Idx x;
        const char *why = idx_read(&x, path, 3);
        if (why) {
            assert_true(strlen(why) > strlen(path) + 2);
            assert_null(x.byte);
            refused++;
        } else {
            assert_true(x.n >= 1 && x.rows >= 1 && x.cols >= 1);
            idx_free(&x);
            read++;
        }
    }
    assert_true(refused > 1000);
    assert_true(read > 0);              /* a changed value is fine */
    free(gz);
    free(b);
    remove_folder();
}

/* ---- the layers and the network --------------------------------- */

static void fill_normal(real *x, size_t n, Rng *rng)
{
    for (size_t i = 0; i < n; i++) x[i] = (real)rng_normal(rng);
}

static double dot(const real *x, const real *y, size_t n)
{
    double s = 0;
    for (size_t i = 0; i < n; i++) s += x[i] * y[i];
    return s;
}

/* <im2col(X), Q> = <X, col2im(Q)>: the one is the other's transpose */
static void test_im2col_and_col2im_are_transposes(void **s)
{
    (void)s;
    enum { N = 2, R = 5, C = 3, K = 9 * C };
    Rng rng;
    rng_seed(&rng, 1);
    real X[N * R * R * C], Q[N * R * R * K], P[N * R * R * K];
    real dX[N * R * R * C] = { 0 };
    fill_normal(X, N * R * R * C, &rng);
    fill_normal(Q, N * R * R * K, &rng);
    im2col(P, X, N, R, C);
    col2im(dX, Q, N, R, C);
    double a = dot(P, Q, N * R * R * K), b = dot(X, dX, N * R * R * C);
    assert_true(fabs(a - b) <= 1e-12 * (fabs(a) + 1));
}

/* conv_forward against the nine loops of the definition */
static void test_convolution_is_its_formula(void **s)
{
    (void)s;
    enum { N = 2, R = 5, C = 3, F = 4 };
    Rng rng;
    rng_seed(&rng, 2);
    real X[N * R * R * C], W[9 * C * F], b[F], Y[N * R * R * F];
    real P[N * R * R * 9 * C];
    fill_normal(X, N * R * R * C, &rng);
    fill_normal(W, 9 * C * F, &rng);
    fill_normal(b, F, &rng);
    conv_forward(Y, P, X, W, b, N, R, C, F);
    for (int n = 0; n < N; n++)
        for (int y = 0; y < R; y++)
            for (int x = 0; x < R; x++)
                for (int f = 0; f < F; f++) {
                    double want = b[f];
                    for (int dy = -1; dy <= 1; dy++)
                        for (int dx = -1; dx <= 1; dx++)
                            for (int c = 0; c < C; c++) {
                                int yy = y + dy, xx = x + dx;
                                if (yy < 0 || yy >= R || xx < 0
                                    || xx >= R) continue;
                                int row = (3 * (dy + 1) + dx + 1) * C + c;
                                want += X[((n * R + yy) * R + xx) * C + c]
                                        * W[row * F + f];
                            }
                    double got = Y[((n * R + y) * R + x) * F + f];
                    assert_true(fabs(got - want) <= 1e-12);
                }
}

/* a layer's loss: a fixed random weighting of its output */
typedef struct {
    real *X, *W, *b, *Y, *P, *w, *A, *M;
    int *arg;
    int N, R, C, F, which;      /* 0 conv, 1 relu and pool */
} LayerCase;

static double layer_loss(void *ctx)
{
    LayerCase *c = ctx;
    size_t n = (size_t)c->N * c->R * c->R * c->F;
    if (c->which == 0) {
        conv_forward(c->Y, c->P, c->X, c->W, c->b, c->N, c->R, c->C,
                     c->F);
        return dot(c->Y, c->w, n);
    }
    relu_forward(c->A, c->X, (size_t)c->N * c->R * c->R * c->C);
    pool_forward(c->M, c->arg, c->A, c->N, c->R, c->C);
    return dot(c->M, c->w, n / 4);
}

static void test_convolution_matches_finite_differences(void **s)
{
    (void)s;
    enum { N = 2, R = 4, C = 3, F = 5 };
    Rng rng;
    rng_seed(&rng, 3);
    real X[N * R * R * C], W[9 * C * F], b[F], Y[N * R * R * F];
    real P[N * R * R * 9 * C], dP[N * R * R * 9 * C], w[N * R * R * F];
    real dX[N * R * R * C] = { 0 }, dW[9 * C * F] = { 0 }, db[F] = { 0 };
    fill_normal(X, N * R * R * C, &rng);
    fill_normal(W, 9 * C * F, &rng);
    fill_normal(b, F, &rng);
    fill_normal(w, N * R * R * F, &rng);
    LayerCase c = { X, W, b, Y, P, w, NULL, NULL, NULL, N, R, C, F, 0 };
    layer_loss(&c);
    conv_backward(dX, dP, dW, db, w, P, W, N, R, C, F);
    assert_int_equal(grad_check("conv_X", X, dX, N * R * R * C, 96,
                                layer_loss, &c), 0);
    assert_int_equal(grad_check("conv_W", W, dW, 9 * C * F, 135,
                                layer_loss, &c), 0);
    assert_int_equal(grad_check("conv_b", b, db, F, F, layer_loss, &c),
                     0);
}

/* random inputs keep away from the kinks: no zero, no tie */
static void test_relu_and_pooling_match_finite_differences(void **s)
{
    (void)s;
    enum { N = 2, R = 6, C = 3 };
    Rng rng;
    rng_seed(&rng, 4);
    real X[N * R * R * C], A[N * R * R * C], M[N * R * R * C / 4];
    real w[N * R * R * C / 4], dA[N * R * R * C] = { 0 };
    int arg[N * R * R * C / 4];
    fill_normal(X, N * R * R * C, &rng);
    fill_normal(w, N * R * R * C / 4, &rng);
    LayerCase c = { X, NULL, NULL, NULL, NULL, w, A, M, arg, N, R, C,
                    C, 1 };
    layer_loss(&c);
    pool_backward(dA, w, arg, N * R * R * C / 4);
    relu_backward(dA, A, N * R * R * C);
    assert_int_equal(grad_check("relu_pool_X", X, dA, N * R * R * C,
                                N * R * R * C, layer_loss, &c), 0);
}

/* the whole network, each kind, every tensor of it, from a random
   weighting of its annotation vectors */
typedef struct { ImageNet *net; NetRun *r; real *X, *w; int N; } NetCase;

static double net_loss(void *ctx)
{
    NetCase *c = ctx;
    const real *out = net_forward(c->net, c->r, c->X, c->N);
    return dot(out, c->w, (size_t)c->N * c->r->G * c->r->G
                          * c->net->F);
}

static void check_network(int kind)
{
    ImageNet net;
    net_create(&net, kind, 2, 3, 5);
    NetRun r;
    int N = 2, R = 32;
    net_run_alloc(&r, &net, N, R);
    Rng rng;
    rng_seed(&rng, 6);
    real *X = xcalloc((size_t)N * R * R, sizeof(real));
    size_t n = (size_t)N * r.G * r.G * net.F;
    real *w = xcalloc(n, sizeof(real));
    for (int i = 0; i < N * R * R; i++) X[i] = (real)rng_uniform(&rng);
    fill_normal(w, n, &rng);
    NetCase c = { &net, &r, X, w, N };
    params_zero_grad(&net.params);
    net_forward(&net, &r, X, N);
    memcpy(r.d_out, w, n * sizeof(real));
    net_backward(&net, &r, N);
    for (int k = 0; k < net.params.n_tensors; k++) {
        const Tensor *t = &net.params.tensor[k];
        if (!strncmp(t->name, "head", 4)) continue;  /* not on this path */
        assert_int_equal(grad_check(t->name, param(&net.params, k),
                                    param_grad(&net.params, k),
                                    (size_t)t->rows * t->cols, 60,
                                    net_loss, &c), 0);
    }
    free(X);
    free(w);
    net_run_free(&r);
    net_free(&net);
}

static void test_the_network_matches_finite_differences(void **s)
{
    (void)s;
    check_network(NET_CNN);
}

static void test_the_patch_embedding_matches_finite_differences(void **s)
{
    (void)s;
    check_network(NET_PATCH);
}

/* a location's vector depends on the 46 x 46 pixels around its
   16 x 16 block, and on no other: location (2, 2) of a 96 x 96
   picture, block 32..47, sees columns 17..62; a change of a pixel
   outside them changes nothing, and some pixels beyond the block
   on either side change it (max pooling passes on some pixels of
   the window, not all) */
static void test_a_location_sees_46_pixels(void **s)
{
    (void)s;
    ImageNet net;
    net_create(&net, NET_CNN, 2, 3, 8);
    NetRun r;
    enum { R = 96, G = R / NET_STRIDE };
    net_run_alloc(&r, &net, 1, R);
    Rng rng;
    rng_seed(&rng, 9);
    real *X = xcalloc(R * R, sizeof(real));
    real before[3], after[3];
    for (int i = 0; i < R * R; i++) X[i] = (real)rng_uniform(&rng);
    int loc = (2 * G + 2) * 3;
    memcpy(before, net_forward(&net, &r, X, 1) + loc, sizeof before);
    int changed[R] = { 0 };
    for (int col = 0; col < R; col++) {
        real keep = X[40 * R + col];
        X[40 * R + col] = keep + 5;
        memcpy(after, net_forward(&net, &r, X, 1) + loc, sizeof after);
        X[40 * R + col] = keep;
        changed[col] = memcmp(before, after, sizeof before) != 0;
    }
    int left = 0, right = 0;    /* changed columns beyond its block */
    for (int col = 0; col < R; col++) {
        if (col < 17 || col > 62) assert_false(changed[col]);
        left += col < 32 && changed[col];
        right += col > 47 && changed[col];
    }
    assert_true(left > 0 && right > 0);
    free(X);
    net_run_free(&r);
    net_free(&net);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_written_set_reads_back),
        cmocka_unit_test(test_a_missing_package_is_named_with_its_command),
        cmocka_unit_test(
            test_damaged_files_are_refused_each_with_its_reason),
        cmocka_unit_test(test_pictures_and_labels_must_belong_together),
        cmocka_unit_test(test_random_damage_is_read_or_refused),
        cmocka_unit_test(test_im2col_and_col2im_are_transposes),
        cmocka_unit_test(test_convolution_is_its_formula),
        cmocka_unit_test(test_convolution_matches_finite_differences),
        cmocka_unit_test(test_relu_and_pooling_match_finite_differences),
        cmocka_unit_test(test_the_network_matches_finite_differences),
        cmocka_unit_test(
            test_the_patch_embedding_matches_finite_differences),
        cmocka_unit_test(test_a_location_sees_46_pixels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
