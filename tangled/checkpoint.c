#line 81 "chapters/08-using.nw"
/* checkpoint.c: trained models to and from files (chapter 8). */
#include "checkpoint.h"
#include <assert.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#line 312 "chapters/08-using.nw"
const unsigned char ckpt_magic[CKPT_MAGIC_BYTES] = {
    0x89, 'A', 'M', 'C', 'K', '\r', '\n', 0x1a
};

typedef struct {
    unsigned char *buf;             /* NULL: count only */
    size_t at;
} Out;

static void out_bytes(Out *o, const void *src, size_t n)
{
    if (o->buf) memcpy(o->buf + o->at, src, n);
    o->at += n;
}
#line 331 "chapters/08-using.nw"
static void put_u32(unsigned char *p, uint32_t x)
{
    for (int k = 0; k < 4; k++) p[k] = (unsigned char)(x >> 8 * k);
}

static void put_u64(unsigned char *p, uint64_t x)
{
    for (int k = 0; k < 8; k++) p[k] = (unsigned char)(x >> 8 * k);
}

static void out_u32(Out *o, uint32_t x)
{
    unsigned char b[4];
    put_u32(b, x);
    out_bytes(o, b, 4);
}
#line 353 "chapters/08-using.nw"
static void out_real(Out *o, real x)
{
    if (sizeof(real) == 8) {
        double d = x;
        uint64_t bits;
        memcpy(&bits, &d, 8);
        unsigned char b[8];
        put_u64(b, bits);
        out_bytes(o, b, 8);
    } else {
        float f = (float)x;
        uint32_t bits;
        memcpy(&bits, &f, 4);
        out_u32(o, bits);
    }
}
#line 560 "chapters/08-using.nw"
static CkptStatus fail(CkptError *err, CkptStatus status,
                       const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static CkptStatus fail(CkptError *err, CkptStatus status,
                       const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return err->status = status;
}
#line 579 "chapters/08-using.nw"
typedef struct {
    const unsigned char *buf;
    size_t n, at;                   /* bytes, and bytes read */
} InCursor;

static uint32_t get_u32(const unsigned char *p)
{
    uint32_t x = 0;
    for (int k = 0; k < 4; k++) x |= (uint32_t)p[k] << 8 * k;
    return x;
}

static uint64_t get_u64(const unsigned char *p)
{
    uint64_t x = 0;
    for (int k = 0; k < 8; k++) x |= (uint64_t)p[k] << 8 * k;
    return x;
}
#line 599 "chapters/08-using.nw"
static int in_need(InCursor *in, uint64_t k, const char *what,
                   CkptError *err)
{
    if (in->n - in->at >= k) return 1;
    fail(err, CKPT_MALFORMED, "malformed: %s needs %llu bytes,"
         " only %zu remain before the checksum", what,
         (unsigned long long)k, in->n - in->at);
    return 0;
}

static uint32_t in_u32(InCursor *in)
{
    uint32_t x = get_u32(in->buf + in->at);
    in->at += 4;
    return x;
}
#line 621 "chapters/08-using.nw"
static CkptStatus in_record(InCursor *in, int bytes,
                            const char *family, const Task *task,
                            uint32_t *f, CkptError *err)
{
    if (!in_need(in, 4 + (uint64_t)bytes, "the configuration", err))
        return err->status;
    uint32_t record = in_u32(in);
    if (record != (uint32_t)bytes)
        return fail(err, CKPT_MALFORMED, "malformed: %s"
                    " configuration of %u bytes, not %d", family,
                    record, bytes);
    for (int k = 0; k < bytes / 4; k++) f[k] = in_u32(in);
    Vocab src, tgt;
    vocab_build(&src, task, SOURCE);
    vocab_build(&tgt, task, TARGET);
    int V_src = src.size, V_tgt = tgt.size;
    vocab_free(&src);
    vocab_free(&tgt);
    if (f[0] != (uint32_t)V_src || f[1] != (uint32_t)V_tgt)
        return fail(err, CKPT_VOCAB, "vocabularies of %u and %u"
                    " words; the task's have %d and %d", f[0], f[1],
                    V_src, V_tgt);
    return CKPT_OK;
}
#line 649 "chapters/08-using.nw"
static double in_value(InCursor *in, uint32_t width)
{
    const unsigned char *p = in->buf + in->at;
    in->at += width;
    if (width == 8) {
        uint64_t bits = get_u64(p);
        double d;
        memcpy(&d, &bits, 8);
        return d;
    }
    uint32_t bits = get_u32(p);
    float f;
    memcpy(&f, &bits, 4);
    return f;
}
#line 1155 "chapters/08-using.nw"
static CkptStatus read_header_and_rest(FILE *f, unsigned char **buf,
                                       size_t *n, CkptError *err)
{
    unsigned char head[CKPT_HEADER_BYTES] = {0};
    size_t got = fread(head, 1, sizeof head, f);
    if (ferror(f))
        return fail(err, CKPT_IO, "cannot read: %s", strerror(errno));
    if (got == 0)
        return fail(err, CKPT_TRUNCATED, "empty: it gave no bytes"
                    " (a FIFO that nobody writes reads as empty)");
    uint64_t length = got < sizeof head ? 0 : get_u64(head + 12);
    int go_on = !memcmp(head, ckpt_magic, CKPT_MAGIC_BYTES)
                && get_u32(head + 8) == CKPT_FORMAT
                && length >= sizeof head && length <= CKPT_MAX_BYTES;
    *n = go_on ? (size_t)length : got;
    *buf = xcalloc(*n + 1, 1);
    memcpy(*buf, head, got);
    if (!go_on) return CKPT_OK;
    
#line 1177 "chapters/08-using.nw"
got += fread(*buf + got, 1, *n - got, f);
if (ferror(f))
    return fail(err, CKPT_IO, "cannot read: %s", strerror(errno));
if (got < *n) {
    *n = got;               /* the decoder names the truncation */
    return CKPT_OK;
}
if (fread(*buf + got, 1, 1, f) == 1)
    return fail(err, CKPT_TRAILING, "more bytes follow the %llu its"
                " header declares", (unsigned long long)length);
return CKPT_OK;
#line 1174 "chapters/08-using.nw"
}
#line 1192 "chapters/08-using.nw"
static CkptStatus read_stream(int fd, unsigned char **buf, size_t *n,
                              CkptError *err)
{
    FILE *f = fdopen(dup(fd), "rb");
    if (!f) return fail(err, CKPT_IO, "cannot read: %s",
                        strerror(errno));
    CkptStatus s = read_header_and_rest(f, buf, n, err);
    fclose(f);
    return s;
}
#line 380 "chapters/08-using.nw"
uint32_t vocab_digest(const Task *t)
{
    uLong crc = crc32(0L, Z_NULL, 0);
    for (int side = SOURCE; side <= TARGET; side++) {
        Vocab v;
        vocab_build(&v, t, side);
        for (int i = 0; i < v.size; i++)
            crc = crc32(crc, (const Bytef *)v.word[i],
                        (uInt)strlen(v.word[i]) + 1);
        vocab_free(&v);
    }
    return (uint32_t)crc;
}
#line 879 "chapters/08-using.nw"
size_t lstm_param_count(const ModelConfig *c)
{
    size_t E = c->E, H = c->H, Vs = c->src_vocab, Vt = c->tgt_vocab;
    size_t lstm = 4 * H * (E + H + 1);      /* W_x, W_h, b */
    size_t n = Vs * E + Vt * E + 2 * lstm + (H + 1) * Vt;
    if (c->attention != ATTN_NONE) n += 2 * H * H;   /* W_c [2H, H] */
    if (c->attention == ATTN_GENERAL) n += H * H;      /* W_a */
    if (c->attention == ATTN_ADDITIVE)    /* W_a, U_a [H, H], v [H] */
        n += 2 * H * H + H;
    return n;
}
#line 894 "chapters/08-using.nw"
size_t transformer_param_count(const ModelConfig *c)
{
    size_t D = c->H, F = c->ff, L = c->layers;
    size_t Vs = c->src_vocab, Vt = c->tgt_vocab;
    size_t ffn = 2 * D * F + F + D;         /* W1, b1, W2, b2 */
    size_t enc = 4 * D * D + 2 * 2 * D + ffn;   /* and 2 norms */
    size_t dec = 8 * D * D + 3 * 2 * D + ffn;   /* and 3 norms */
    return (Vs + Vt) * D + L * (enc + dec) + 2 * 2 * D
           + (D + 1) * Vt;
}

int model_family(const Model *m)
{
    return m->tm ? FAMILY_TRANSFORMER : FAMILY_LSTM;
}
#line 914 "chapters/08-using.nw"
CkptStatus ckpt_check_size(const ModelConfig *c, CkptError *err)
{
    int tm = c->attention == ATTN_TRANSFORMER;
    int size[4] = { c->E, c->H, tm ? c->heads : 1,
                    tm ? c->ff : 1 };
    for (int k = 0; k < 4; k++)
        if (size[k] > CKPT_MAX_SIZE)
            return fail(err, CKPT_TOO_LARGE, "too large: a size of"
                        " %d, more than the limit of %d", size[k],
                        CKPT_MAX_SIZE);
    size_t count = tm ? transformer_param_count(c)
                      : lstm_param_count(c);
    if (count > CKPT_MAX_PARAMS)
        return fail(err, CKPT_TOO_LARGE, "too large: the"
                    " configuration has %zu parameters, more than the"
                    " limit of %zu", count, CKPT_MAX_PARAMS);
    err->status = CKPT_OK;
    return CKPT_OK;
}
#line 399 "chapters/08-using.nw"
size_t ckpt_encode(unsigned char *buf, const Checkpoint *ck)
{
    const Model *m = ck->model;
    const Params *p = &m->params;
    Out o = { buf, 0 };
    out_bytes(&o, ckpt_magic, CKPT_MAGIC_BYTES);
    out_u32(&o, CKPT_FORMAT);
    out_bytes(&o, "\0\0\0\0\0\0\0\0", 8);  /* the length, below */
    
#line 429 "chapters/08-using.nw"
assert(ck->task && strlen(ck->task->name) <= CKPT_MAX_TASK_NAME);
out_u32(&o, (uint32_t)ck->family);
out_u32(&o, (uint32_t)ck->min_words);
out_u32(&o, (uint32_t)ck->max_words);
out_u32(&o, vocab_digest(ck->task));
out_u32(&o, (uint32_t)strlen(ck->task->name));
out_bytes(&o, ck->task->name, strlen(ck->task->name));
#line 408 "chapters/08-using.nw"
    assert(ck->family == model_family(m));
    if (ck->family == FAMILY_LSTM) {
        
#line 438 "chapters/08-using.nw"
out_u32(&o, LSTM_RECORD_BYTES);
out_u32(&o, (uint32_t)m->cfg.src_vocab);
out_u32(&o, (uint32_t)m->cfg.tgt_vocab);
out_u32(&o, (uint32_t)m->cfg.E);
out_u32(&o, (uint32_t)m->cfg.H);
out_u32(&o, (uint32_t)m->cfg.attention);
#line 411 "chapters/08-using.nw"
    } else {
        
#line 447 "chapters/08-using.nw"
const ModelConfig *c = &m->cfg;
uint32_t field[8] = { c->src_vocab, c->tgt_vocab, c->H, c->layers,
                      c->heads, c->ff, c->positional, c->scaled };
out_u32(&o, TRANSFORMER_RECORD_BYTES);
for (int k = 0; k < 8; k++) out_u32(&o, field[k]);
#line 413 "chapters/08-using.nw"
    }
    
#line 456 "chapters/08-using.nw"
out_u32(&o, (uint32_t)sizeof(real));
out_u32(&o, (uint32_t)p->n_tensors);
for (int t = 0; t < p->n_tensors; t++) {
    const Tensor *x = &p->tensor[t];
    out_u32(&o, (uint32_t)strlen(x->name));
    out_bytes(&o, x->name, strlen(x->name));
    out_u32(&o, (uint32_t)x->rows);
    out_u32(&o, (uint32_t)x->cols);
}
#line 415 "chapters/08-using.nw"
    for (size_t i = 0; i < p->count; i++) out_real(&o, p->value[i]);
    size_t length = o.at + 4;
    uint32_t crc = 0;
    if (buf) {
        put_u64(buf + 12, length);
        crc = (uint32_t)crc32(crc32(0L, Z_NULL, 0), buf, (uInt)o.at);
    }
    out_u32(&o, crc);
    return o.at;
}
#line 502 "chapters/08-using.nw"
void ckpt_save(const Checkpoint *ck, const char *path)
{
    const Params *p = &ck->model->params;
    for (size_t i = 0; i < p->count; i++)
        if (!isfinite(p->value[i]))
            die("cannot save '%s': parameter %zu of the model is %g;"
                " the training diverged (a lower --lr may help), and"
                " the loader refuses a model that is not finite",
                shown(path), i, (double)p->value[i]);
    size_t n = ckpt_encode(NULL, ck);
    unsigned char *buf = xcalloc(n, 1);
    ckpt_encode(buf, ck);
    FILE *f = out_open(path);
    fwrite(buf, 1, n, f);
    out_close(f);
    free(buf);
}
#line 669 "chapters/08-using.nw"
CkptStatus ckpt_decode(Checkpoint *ck, const Task *task,
                       const unsigned char *buf, size_t n, int max_B,
                       CkptError *err)
{
    memset(ck, 0, sizeof *ck);
    err->status = CKPT_OK;
    err->message[0] = '\0';
    
#line 696 "chapters/08-using.nw"
size_t head = n < CKPT_MAGIC_BYTES ? n : CKPT_MAGIC_BYTES;
if (memcmp(buf, ckpt_magic, head))
    return fail(err, CKPT_NOT_CHECKPOINT, "not a checkpoint: it"
                " does not begin with the checkpoint magic number");
if (n < CKPT_HEADER_BYTES)
    return fail(err, CKPT_TRUNCATED, "truncated: %zu bytes, fewer"
                " than the %d of the header", n, CKPT_HEADER_BYTES);
uint32_t version = get_u32(buf + 8);
if (version != CKPT_FORMAT)
    return fail(err, CKPT_VERSION, "format version %u; this"
                " program reads version %d only (the file is %s)%s",
                version, CKPT_FORMAT,
                version > CKPT_FORMAT ? "newer" : "older",
                version == 1 ? "; version 1 does not record the task"
                " the model was trained on: train it again" : "");
#line 677 "chapters/08-using.nw"
    
#line 715 "chapters/08-using.nw"
uint64_t length = get_u64(buf + 12);
if (length > CKPT_MAX_BYTES)
    return fail(err, CKPT_TOO_LARGE, "too large: the header declares"
                " %llu bytes, more than the limit of %llu",
                (unsigned long long)length,
                (unsigned long long)CKPT_MAX_BYTES);
if (n < length)
    return fail(err, CKPT_TRUNCATED, "truncated: %zu bytes of the"
                " %llu its header declares", n,
                (unsigned long long)length);
if (n > length)
    return fail(err, CKPT_TRAILING, "%zu bytes follow the %llu its"
                " header declares", n - (size_t)length,
                (unsigned long long)length);
if (n < CKPT_MIN_BYTES)
    return fail(err, CKPT_MALFORMED, "malformed: a length of %zu"
                " bytes, less than any checkpoint", n);
#line 678 "chapters/08-using.nw"
    
#line 734 "chapters/08-using.nw"
uint32_t stored = get_u32(buf + n - 4);
uint32_t computed = (uint32_t)crc32(crc32(0L, Z_NULL, 0), buf,
                                    (uInt)(n - 4));
if (stored != computed)
    return fail(err, CKPT_CORRUPT, "corrupt: the checksum is %08x but"
                " the bytes give %08x; the file was damaged after it"
                " was written", stored, computed);
#line 679 "chapters/08-using.nw"
    InCursor in = { buf, n - 4, CKPT_HEADER_BYTES };
    
#line 745 "chapters/08-using.nw"
if (!in_need(&in, 16, "the family and the words", err))
    return err->status;
uint32_t family = in_u32(&in), lo = in_u32(&in);
uint32_t hi = in_u32(&in), digest = in_u32(&in);
if (family != FAMILY_LSTM && family != FAMILY_TRANSFORMER)
    return fail(err, CKPT_FAMILY, "model family %u is unknown; this"
                " build knows family %d, the LSTM encoder-decoder,"
                " and %d, the Transformer", family, FAMILY_LSTM,
                FAMILY_TRANSFORMER);
if (lo < 1 || hi > MAX_WORDS || lo > hi)
    return fail(err, CKPT_CONFIG, "trained on sentences of %u to %u"
                " words; a model reads 1 to %d", lo, hi, MAX_WORDS);
ck->family = (int)family;
ck->min_words = (int)lo;
ck->max_words = (int)hi;
#line 681 "chapters/08-using.nw"
    
#line 764 "chapters/08-using.nw"
if (!in_need(&in, 4, "the task's name", err)) return err->status;
uint32_t name_len = in_u32(&in);
if (name_len > CKPT_MAX_TASK_NAME)
    return fail(err, CKPT_MALFORMED, "malformed: a task name of %u"
                " bytes, more than %d", name_len, CKPT_MAX_TASK_NAME);
if (!in_need(&in, name_len, "the task's name", err))
    return err->status;
const char *name = (const char *)buf + in.at;
in.at += name_len;
if (name_len != strlen(task->name)
    || memcmp(name, task->name, name_len))
    
#line 784 "chapters/08-using.nw"
{
    char file_name[CKPT_MAX_TASK_NAME + 1] = "";
    memcpy(file_name, name, name_len);
    if (memchr(name, '\0', name_len))
        return fail(err, CKPT_TASK, "the task's name holds a zero"
                    " byte; this program expects task '%s'",
                    task->name);
    return fail(err, CKPT_TASK, "the model was trained on task '%s';"
                " this program expects task '%s'", shown(file_name),
                task->name);
}
#line 776 "chapters/08-using.nw"
if (digest != vocab_digest(task))
    return fail(err, CKPT_VOCAB, "vocabulary digest %08x, but task"
                " '%s' gives %08x: the model was trained on other"
                " words", digest, task->name, vocab_digest(task));
ck->task = task;
#line 682 "chapters/08-using.nw"
    ModelConfig cfg;
    if (family == FAMILY_LSTM) {
        
#line 800 "chapters/08-using.nw"
uint32_t f[LSTM_RECORD_BYTES / 4];
if (in_record(&in, LSTM_RECORD_BYTES, "an LSTM", task, f, err)
    != CKPT_OK)
    return err->status;
#line 813 "chapters/08-using.nw"
for (int k = 2; k <= 3; k++) {
    if (f[k] == 0)
        return fail(err, CKPT_CONFIG, "%s size 0",
                    k == 2 ? "embedding" : "hidden");
    if (f[k] > CKPT_MAX_SIZE)
        return fail(err, CKPT_TOO_LARGE, "too large: %s size %u, more"
                    " than the limit of %d", k == 2 ? "embedding"
                    : "hidden", f[k], CKPT_MAX_SIZE);
}
if (f[4] > ATTN_NONE_WC)
    return fail(err, CKPT_CONFIG, "attention kind %u is unknown;"
                " the kinds are 0 to %d", f[4], ATTN_NONE_WC);
#line 805 "chapters/08-using.nw"
cfg = (ModelConfig){ .src_vocab = (int)f[0], .tgt_vocab = (int)f[1],
                     .E = (int)f[2], .H = (int)f[3],
                     .attention = (int)f[4] };
#line 685 "chapters/08-using.nw"
    } else {
        
#line 829 "chapters/08-using.nw"
uint32_t f[TRANSFORMER_RECORD_BYTES / 4];
if (in_record(&in, TRANSFORMER_RECORD_BYTES, "a Transformer", task,
              f, err) != CKPT_OK)
    return err->status;
#line 837 "chapters/08-using.nw"
static const char *const size_name[] = { "width", "layer count",
                                         "head count",
                                         "feed-forward width" };
for (int k = 2; k <= 5; k++) {
    if (f[k] == 0)
        return fail(err, CKPT_CONFIG, "%s 0", size_name[k - 2]);
    if (f[k] > CKPT_MAX_SIZE)
        return fail(err, CKPT_TOO_LARGE, "too large: %s %u, more"
                    " than the limit of %d", size_name[k - 2], f[k],
                    CKPT_MAX_SIZE);
}
if (f[6] > 1 || f[7] > 1)
    return fail(err, CKPT_CONFIG, "switches %u and %u; the positional"
                " encoding and the scale are 0 or 1", f[6], f[7]);
#line 856 "chapters/08-using.nw"
cfg = model_config_default();
cfg.attention = ATTN_TRANSFORMER;
cfg.src_vocab = (int)f[0]; cfg.tgt_vocab = (int)f[1];
cfg.H = (int)f[2]; cfg.layers = (int)f[3]; cfg.heads = (int)f[4];
cfg.ff = (int)f[5]; cfg.positional = (int)f[6];
cfg.scaled = (int)f[7];
const char *problem = transformer_check(&cfg);
if (problem) return fail(err, CKPT_CONFIG, "%s", problem);
#line 687 "chapters/08-using.nw"
    }
    
#line 938 "chapters/08-using.nw"
if (ckpt_check_size(&cfg, err) != CKPT_OK) return err->status;
size_t count = family == FAMILY_LSTM ? lstm_param_count(&cfg)
                                     : transformer_param_count(&cfg);
if (!in_need(&in, 8, "the tensor table", err)) return err->status;
uint32_t width = in_u32(&in), n_tensors = in_u32(&in);
if ((width != 4 && width != 8) || n_tensors > PARAMS_MAX_TENSORS)
    return fail(err, CKPT_MALFORMED, "malformed: %u tensors of"
                " %u-byte values", n_tensors, width);
Tensor table[PARAMS_MAX_TENSORS];
uint64_t total = 0;
for (uint32_t t = 0; t < n_tensors; t++) {
    
#line 954 "chapters/08-using.nw"
if (!in_need(&in, 4, "a tensor's name", err)) return err->status;
uint32_t len = in_u32(&in);
if (len == 0 || len >= TENSOR_NAME_MAX)
    return fail(err, CKPT_MALFORMED, "malformed: tensor %u has a"
                " name of %u bytes", t, len);
if (!in_need(&in, len + 8, "a tensor's name", err))
    return err->status;
memcpy(table[t].name, in.buf + in.at, len);
table[t].name[len] = '\0';
in.at += len;
uint32_t rows = in_u32(&in), cols = in_u32(&in);
if (strlen(table[t].name) != len || rows == 0 || cols == 0
    || rows > CKPT_MAX_PARAMS || cols > CKPT_MAX_PARAMS)
    return fail(err, CKPT_MALFORMED, "malformed: tensor %u has a"
                " bad name or shape [%u, %u]", t, rows, cols);
table[t].rows = (int)rows;
table[t].cols = (int)cols;
total += (uint64_t)rows * cols;
#line 950 "chapters/08-using.nw"
}
#line 976 "chapters/08-using.nw"
if (total != count && family == FAMILY_LSTM)
    return fail(err, CKPT_SHAPE, "its %u tensors hold %llu"
                " parameters; a %s model with E=%d, H=%d has %zu",
                n_tensors, (unsigned long long)total,
                attention_name[cfg.attention], cfg.E, cfg.H, count);
if (total != count)
    return fail(err, CKPT_SHAPE, "its %u tensors hold %llu"
                " parameters; a Transformer with D=%d, %d layers a"
                " side and F=%d has %zu", n_tensors,
                (unsigned long long)total, cfg.H, cfg.layers, cfg.ff,
                count);
if (in.n - in.at != total * width)
    return fail(err, CKPT_MALFORMED, "malformed: %zu bytes of values"
                " for %llu values of %u bytes", in.n - in.at,
                (unsigned long long)total, width);
#line 689 "chapters/08-using.nw"
    
#line 1023 "chapters/08-using.nw"
DataConfig no_data = data_config_default();
no_data.n_train = no_data.n_val = 0;
no_data.max_words = ck->max_words;
double need = run_bytes(&no_data, &cfg, max_B);
double budget = memory_budget(NULL);
if (budget > 0 && need > budget)
    return fail(err, CKPT_TOO_LARGE, "too large for this machine:"
                " decoding %d rows at once (a beam's width for each"
                " sentence) needs %.3g GB of memory, more than the"
                " %.3g GB the programs allow themselves", max_B,
                need / 1e9, budget / 1e9);
#line 1004 "chapters/08-using.nw"
Model *m = model_create(&cfg, max_B, ck->max_words + 2, 0);
const Params *p = &m->params;
if ((int)n_tensors != p->n_tensors) {
    model_free(m);
    return fail(err, CKPT_SHAPE, "%u tensors; a %s model has %d",
                n_tensors, attention_name[cfg.attention],
                p->n_tensors);
}
for (int t = 0; t < p->n_tensors; t++) {
    
#line 1036 "chapters/08-using.nw"
const Tensor *want = &p->tensor[t], *got = &table[t];
if (strcmp(want->name, got->name) || want->rows != got->rows
    || want->cols != got->cols) {
    fail(err, CKPT_SHAPE, "tensor %d is %s [%d, %d] in the file;"
         " the configuration makes it %s [%d, %d]", t, got->name,
         got->rows, got->cols, want->name, want->rows, want->cols);
    model_free(m);
    return err->status;
}
#line 1014 "chapters/08-using.nw"
}
for (size_t i = 0; i < p->count; i++) {
    double x = in_value(&in, width);
    
#line 1049 "chapters/08-using.nw"
if (!isfinite(x) || fabs(x) > REAL_MAX) {
    int t = 0;
    while (t + 1 < p->n_tensors && p->tensor[t + 1].offset <= i) t++;
    fail(err, CKPT_VALUE, "tensor %s holds %g at index %zu; a model's"
         " parameters are finite numbers this build's %s can hold",
         p->tensor[t].name, x, i - p->tensor[t].offset,
         sizeof(real) == 4 ? "float" : "double");
    model_free(m);
    return err->status;
}
#line 1018 "chapters/08-using.nw"
    p->value[i] = (real)x;
}
ck->model = m;
#line 690 "chapters/08-using.nw"
    return CKPT_OK;
}
#line 1077 "chapters/08-using.nw"
CkptStatus ckpt_load(Checkpoint *ck, const Task *task,
                     const char *path, int max_B, CkptError *err)
{
    memset(ck, 0, sizeof *ck);
    unsigned char *buf = NULL;
    size_t n = 0;
    CkptStatus s = CKPT_OK;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st))
        s = fail(err, CKPT_IO, "cannot open: %s", strerror(errno));
    else 
#line 1114 "chapters/08-using.nw"
{
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    if (S_ISDIR(st.st_mode))
        s = fail(err, CKPT_IO, "it is a folder, not a checkpoint");
    else if (isatty(fd))
        s = fail(err, CKPT_IO, "it is a terminal, not a"
                 " checkpoint");
    else if (S_ISREG(st.st_mode))
        
#line 1128 "chapters/08-using.nw"
{
    FILE *f = fdopen(fd, "rb");
    if ((uint64_t)st.st_size > CKPT_MAX_BYTES)
        s = fail(err, CKPT_TOO_LARGE, "too large: %lld bytes, more"
                 " than the limit of %llu", (long long)st.st_size,
                 (unsigned long long)CKPT_MAX_BYTES);
    else if (!f)
        s = fail(err, CKPT_IO, "cannot read: %s", strerror(errno));
    else {
        n = (size_t)st.st_size;
        buf = xcalloc(n + 1, 1);
        if (fread(buf, 1, n + 1, f) != n || ferror(f))
            s = fail(err, CKPT_IO, "cannot read %zu bytes: %s", n,
                     ferror(f) ? strerror(errno)
                               : "the file changed");
    }
    if (f) { fclose(f); fd = -1; }
}
#line 1123 "chapters/08-using.nw"
    else
        s = read_stream(fd, &buf, &n, err);
}
#line 1089 "chapters/08-using.nw"
    if (fd >= 0) close(fd);
    if (s == CKPT_OK) s = ckpt_decode(ck, task, buf, n, max_B, err);
    free(buf);
    if (s != CKPT_OK) 
#line 1098 "chapters/08-using.nw"
{
    char why[sizeof err->message];
    memcpy(why, err->message, sizeof why);
    size_t size = sizeof err->message;
    int w = snprintf(err->message, size, "'%s': ", shown(path));
    if (w > 0 && (size_t)w < size) {
        size_t n = strnlen(why, sizeof why), room = size - 1 - w;
        memcpy(err->message + w, why, n < room ? n : room);
        err->message[w + (n < room ? n : room)] = '\0';
    }
}
#line 1093 "chapters/08-using.nw"
    return s;
}
#line 1204 "chapters/08-using.nw"
CkptStatus ckpt_read(Checkpoint *ck, const Task *task, FILE *f,
                     int max_B, CkptError *err)
{
    memset(ck, 0, sizeof *ck);
    unsigned char *buf = NULL;
    size_t n = 0;
    CkptStatus s = read_header_and_rest(f, &buf, &n, err);
    if (s == CKPT_OK) s = ckpt_decode(ck, task, buf, n, max_B, err);
    free(buf);
    return s;
}
#line 1218 "chapters/08-using.nw"
void ckpt_free(Checkpoint *ck)
{
    model_free(ck->model);
    memset(ck, 0, sizeof *ck);
}
#line 1230 "chapters/08-using.nw"
CkptStatus ckpt_expect(const Checkpoint *ck, int attention, int H,
                       CkptError *err)
{
    const ModelConfig *c = &ck->model->cfg;
    if (attention >= 0 && attention != c->attention
        && c->attention == ATTN_TRANSFORMER)
        return fail(err, CKPT_MISMATCH, "the checkpoint holds a"
                    " Transformer, not a model with %s attention",
                    attention_name[attention]);
    if (attention >= 0 && attention != c->attention)
        return fail(err, CKPT_MISMATCH, "the checkpoint holds a model"
                    " with %s attention, not %s",
                    attention_name[c->attention],
                    attention_name[attention]);
    if (H > 0 && H != c->H)
        return fail(err, CKPT_MISMATCH, "the checkpoint holds a model"
                    " with hidden size %d, not %d", c->H, H);
    err->status = CKPT_OK;
    return CKPT_OK;
}
