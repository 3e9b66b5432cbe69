#line 192 "chapters/08-using.nw"
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
#line 345 "chapters/08-using.nw"
const unsigned char ckpt_magic[CKPT_MAGIC_BYTES] = {
    0x89, 'A', 'M', 'C', '\r', '\n', 0x1a, '\n'     /* PNG's design */
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
#line 364 "chapters/08-using.nw"
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
#line 386 "chapters/08-using.nw"
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
#line 561 "chapters/08-using.nw"
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
#line 580 "chapters/08-using.nw"
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
#line 600 "chapters/08-using.nw"
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
#line 624 "chapters/08-using.nw"
static CkptStatus in_record(InCursor *in, int least, int bytes,
                            const char *family, uint32_t *f,
                            int *got, CkptError *err)
{
    if (!in_need(in, 4, "the configuration", err)) return err->status;
    uint32_t record = in_u32(in);
    if (record < (uint32_t)least || record > (uint32_t)bytes
        || record % 4)
        return least == bytes
            ? fail(err, CKPT_MALFORMED, "malformed: %s configuration"
                   " of %u bytes, not %d", family, record, bytes)
            : fail(err, CKPT_MALFORMED, "malformed: %s configuration"
                   " of %u bytes, not %d to %d", family, record,
                   least, bytes);
    if (!in_need(in, record, "the configuration", err))
        return err->status;
    *got = (int)record / 4;
    for (int k = 0; k < *got; k++) f[k] = in_u32(in);
    return CKPT_OK;
}
#line 648 "chapters/08-using.nw"
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
#line 998 "chapters/08-using.nw"
static int family_number(const ModelFamily *family)
{
    int k = 0;
    while (model_families[k] != family) k++;
    return k + 1;
}
#line 1007 "chapters/08-using.nw"
static void describe_fields(char *text, size_t size,
                            const ModelConfig *cfg)
{
    size_t at = 0;
    text[0] = '\0';
    for (const ConfigField *f = cfg->family->fields; f->name; f++)
        if (at < size)
            at += (size_t)snprintf(text + at, size - at, "%s%s %d",
                                   at ? ", " : "", f->name,
                                   field_value(cfg, f));
}
#line 1272 "chapters/08-using.nw"
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
    
#line 1294 "chapters/08-using.nw"
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
#line 1291 "chapters/08-using.nw"
}
#line 1309 "chapters/08-using.nw"
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
#line 413 "chapters/08-using.nw"
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
#line 1024 "chapters/08-using.nw"
CkptStatus ckpt_check_size(const ModelConfig *c, CkptError *err)
{
    for (const ConfigField *f = c->family->fields; f->name; f++) {
        int size = field_value(c, f);
        if (f->max == CKPT_MAX_SIZE && size > CKPT_MAX_SIZE)
            return fail(err, CKPT_TOO_LARGE, "too large: a size of"
                        " %d, more than the limit of %d", size,
                        CKPT_MAX_SIZE);
    }
    size_t count = c->family->param_count(c);
    if (count > CKPT_MAX_PARAMS)
        return fail(err, CKPT_TOO_LARGE, "too large: the"
                    " configuration has %zu parameters, more than the"
                    " limit of %zu", count, CKPT_MAX_PARAMS);
    err->status = CKPT_OK;
    return CKPT_OK;
}
#line 432 "chapters/08-using.nw"
size_t ckpt_encode(unsigned char *buf, const Checkpoint *ck)
{
    const Model *m = ck->model;
    const Params *p = &m->params;
    Out o = { buf, 0 };
    out_bytes(&o, ckpt_magic, CKPT_MAGIC_BYTES);
    out_u32(&o, CKPT_FORMAT);
    out_bytes(&o, "\0\0\0\0\0\0\0\0", 8);  /* the length, below */
    
#line 457 "chapters/08-using.nw"
assert(ck->task && strlen(ck->task->name) <= CKPT_MAX_TASK_NAME);
out_u32(&o, (uint32_t)family_number(m->cfg.family));
out_u32(&o, (uint32_t)ck->min_words);
out_u32(&o, (uint32_t)ck->max_words);
out_u32(&o, vocab_digest(ck->task));
out_u32(&o, (uint32_t)strlen(ck->task->name));
out_bytes(&o, ck->task->name, strlen(ck->task->name));
#line 441 "chapters/08-using.nw"
    
#line 466 "chapters/08-using.nw"
int fields = field_count(m->cfg.family);
out_u32(&o, (uint32_t)(4 * fields));
for (int k = 0; k < fields; k++)
    out_u32(&o, (uint32_t)field_value(&m->cfg,
                                      &m->cfg.family->fields[k]));
#line 442 "chapters/08-using.nw"
    
#line 475 "chapters/08-using.nw"
out_u32(&o, (uint32_t)sizeof(real));
out_u32(&o, (uint32_t)p->n_tensors);
for (int t = 0; t < p->n_tensors; t++) {
    const Tensor *x = &p->tensor[t];
    out_u32(&o, (uint32_t)strlen(x->name));
    out_bytes(&o, x->name, strlen(x->name));
    out_u32(&o, (uint32_t)x->rows);
    out_u32(&o, (uint32_t)x->cols);
}
#line 443 "chapters/08-using.nw"
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
#line 503 "chapters/08-using.nw"
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
#line 668 "chapters/08-using.nw"
CkptStatus ckpt_decode(Checkpoint *ck, const Task *task,
                       const unsigned char *buf, size_t n, int max_B,
                       CkptError *err)
{
    memset(ck, 0, sizeof *ck);
    err->status = CKPT_OK;
    err->message[0] = '\0';
    
#line 691 "chapters/08-using.nw"
size_t head = n < CKPT_MAGIC_BYTES ? n : CKPT_MAGIC_BYTES;
if (memcmp(buf, ckpt_magic, head))
    
#line 712 "chapters/08-using.nw"
{
    static const unsigned char old_magic[CKPT_MAGIC_BYTES] = {
        0x89, 'A', 'M', 'C', 'K', '\r', '\n', 0x1a };
    static const char *const rewritten[] = {   /* after 0x89 AMC */
        "\n\x1a\n",               /* CR LF to LF */
        "\r\n\x1a\r\n",           /* LF to CR LF, but CR LF kept */
        "\r\r\n\x1a\r\n" };        /* every LF to CR LF */
    if (n >= CKPT_HEADER_BYTES && !memcmp(buf, old_magic, head))
        return fail(err, CKPT_VERSION, "format version %u, before"
                    " version 3 changed the magic number; this"
                    " program reads version %d only; train the model"
                    " again", get_u32(buf + 8), CKPT_FORMAT);
    for (int r = 0; r < 3 && n >= 4 && !memcmp(buf, ckpt_magic, 4);
         r++)
        if (n >= 4 + strlen(rewritten[r])
            && !memcmp(buf + 4, rewritten[r], strlen(rewritten[r])))
            return fail(err, CKPT_NOT_CHECKPOINT, "not a checkpoint"
                        " any more: its line endings were rewritten,"
                        " as a copy in text mode does; copy the file"
                        " as binary");
    return fail(err, CKPT_NOT_CHECKPOINT, "not a checkpoint: it"
                " does not begin with the checkpoint magic number");
}
#line 694 "chapters/08-using.nw"
if (n < CKPT_HEADER_BYTES)
    return fail(err, CKPT_TRUNCATED, "truncated: %zu bytes, fewer"
                " than the %d of the header", n, CKPT_HEADER_BYTES);
uint32_t version = get_u32(buf + 8);
if (version != CKPT_FORMAT)
    return fail(err, CKPT_VERSION, "format version %u; this"
                " program reads version %d only (the file is %s)%s",
                version, CKPT_FORMAT,
                version > CKPT_FORMAT ? "newer" : "older",
                version < CKPT_FORMAT ? "; train the model again"
                                      : "");
#line 676 "chapters/08-using.nw"
    
#line 739 "chapters/08-using.nw"
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
#line 677 "chapters/08-using.nw"
    
#line 758 "chapters/08-using.nw"
uint32_t stored = get_u32(buf + n - 4);
uint32_t computed = (uint32_t)crc32(crc32(0L, Z_NULL, 0), buf,
                                    (uInt)(n - 4));
if (stored != computed)
    return fail(err, CKPT_CORRUPT, "corrupt: the checksum is %08x but"
                " the bytes give %08x; the file was damaged after it"
                " was written", stored, computed);
#line 678 "chapters/08-using.nw"
    InCursor in = { buf, n - 4, CKPT_HEADER_BYTES };
    
#line 769 "chapters/08-using.nw"
if (!in_need(&in, 16, "the family and the words", err))
    return err->status;
uint32_t number = in_u32(&in), lo = in_u32(&in);
uint32_t hi = in_u32(&in), digest = in_u32(&in);
int families = 0;
while (model_families[families]) families++;
if (number < 1 || number > (uint32_t)families)
    return fail(err, CKPT_FAMILY, "model family %u is unknown; this"
                " build knows families 1 to %d", number, families);
const ModelFamily *family = model_families[number - 1];
#line 2124 "chapters/10-captions.nw"
if (family->reads_images)
    return fail(err, CKPT_FAMILY, "model family %u, the %s, reads"
                " images; this program reads sentences", number,
                family->name);
#line 780 "chapters/08-using.nw"
if (lo < 1 || hi > MAX_WORDS || lo > hi)
    return fail(err, CKPT_CONFIG, "trained on sentences of %u to %u"
                " words; a model reads 1 to %d", lo, hi, MAX_WORDS);
ck->min_words = (int)lo;
ck->max_words = (int)hi;
#line 680 "chapters/08-using.nw"
    
#line 789 "chapters/08-using.nw"
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
    
#line 809 "chapters/08-using.nw"
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
#line 801 "chapters/08-using.nw"
if (digest != vocab_digest(task))
    return fail(err, CKPT_VOCAB, "vocabulary digest %08x, but task"
                " '%s' gives %08x: the model was trained on other"
                " words", digest, task->name, vocab_digest(task));
ck->task = task;
#line 681 "chapters/08-using.nw"
    ModelConfig cfg;
    
#line 827 "chapters/08-using.nw"
int fields = field_count(family), got = 0;
int oldest = fields - family->later_fields;
uint32_t f[CKPT_MAX_FIELDS];
if (in_record(&in, 4 * oldest, 4 * fields, family->name, f, &got,
              err) != CKPT_OK)
    return err->status;
cfg = (ModelConfig){ .family = family };
for (int k = 0; k < got; k++) {
    
#line 841 "chapters/08-using.nw"
const ConfigField *field = &family->fields[k];
if (f[k] > (uint32_t)field->max && field->max == CKPT_MAX_SIZE)
    return fail(err, CKPT_TOO_LARGE, "too large: %s %u, more than"
                " the limit of %d", field->name, f[k], CKPT_MAX_SIZE);
if (f[k] < (uint32_t)field->min || f[k] > (uint32_t)field->max)
    return fail(err, CKPT_CONFIG, "%s %u; it is %d to %d",
                field->name, f[k], field->min, field->max);
field_set(&cfg, field, (int)f[k]);
#line 836 "chapters/08-using.nw"
}
#line 854 "chapters/08-using.nw"
Vocab src, tgt;
vocab_build(&src, task, SOURCE);
vocab_build(&tgt, task, TARGET);
int V_src = src.size, V_tgt = tgt.size;
vocab_free(&src);
vocab_free(&tgt);
if (cfg.src_vocab != V_src || cfg.tgt_vocab != V_tgt)
    return fail(err, CKPT_VOCAB, "vocabularies of %d and %d words;"
                " the task's have %d and %d", cfg.src_vocab,
                cfg.tgt_vocab, V_src, V_tgt);
const char *problem = family->check(&cfg);
if (problem) return fail(err, CKPT_CONFIG, "%s", problem);
#line 683 "chapters/08-using.nw"
    
#line 1046 "chapters/08-using.nw"
if (ckpt_check_size(&cfg, err) != CKPT_OK) return err->status;
size_t count = family->param_count(&cfg);
if (!in_need(&in, 8, "the tensor table", err)) return err->status;
uint32_t width = in_u32(&in), n_tensors = in_u32(&in);
if (width != 4 && width != 8)
    return fail(err, CKPT_MALFORMED, "malformed: values of %u bytes,"
                " not 4 or 8", width);
if (n_tensors > PARAMS_MAX_TENSORS)
    return fail(err, CKPT_MALFORMED, "malformed: %u tensors, more"
                " than the %d a model may have", n_tensors,
                PARAMS_MAX_TENSORS);
Tensor table[PARAMS_MAX_TENSORS];
uint64_t total = 0;
for (uint32_t t = 0; t < n_tensors; t++) {
    
#line 1065 "chapters/08-using.nw"
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
#line 1061 "chapters/08-using.nw"
}
#line 1087 "chapters/08-using.nw"
if (total != count) {
    char fields[240];
    describe_fields(fields, sizeof fields, &cfg);
    return fail(err, CKPT_SHAPE, "its %u tensors hold %llu"
                " parameters; a %s with %s has %zu", n_tensors,
                (unsigned long long)total, family->name, fields,
                count);
}
if (in.n - in.at != total * width)
    return fail(err, CKPT_MALFORMED, "malformed: %zu bytes of values"
                " for %llu values of %u bytes", in.n - in.at,
                (unsigned long long)total, width);
#line 684 "chapters/08-using.nw"
    
#line 1140 "chapters/08-using.nw"
DataConfig no_data = data_config_default();
no_data.n_train = no_data.n_val = 0;
no_data.max_words = max_output_length(ck->max_words) - 1;
double need = run_bytes(&no_data, &cfg, max_B);
double budget = memory_budget(NULL);
if (budget > 0 && need > budget)
    return fail(err, CKPT_TOO_LARGE, "too large for this machine:"
                " decoding %d rows at once (a beam's width for each"
                " sentence) needs %.3g GB of memory, more than the"
                " %.3g GB the programs allow themselves", max_B,
                need / 1e9, budget / 1e9);
#line 1118 "chapters/08-using.nw"
int tokens = max_output_length(ck->max_words) + 1;  /* and <sos> */
int row = ck->max_words + task->extra_words + 2;
if (tokens < row) tokens = row;
Model *m = model_create(&cfg, max_B, tokens, 0);
const Params *p = &m->params;
if ((int)n_tensors != p->n_tensors) {
    model_free(m);
    return fail(err, CKPT_SHAPE, "%u tensors; a %s model has %d",
                n_tensors, kind_name(config_kind(&cfg)),
                p->n_tensors);
}
for (int t = 0; t < p->n_tensors; t++) {
    
#line 1153 "chapters/08-using.nw"
const Tensor *want = &p->tensor[t], *got = &table[t];
if (strcmp(want->name, got->name) || want->rows != got->rows
    || want->cols != got->cols) {
    fail(err, CKPT_SHAPE, "tensor %d is %s [%d, %d] in the file;"
         " the configuration makes it %s [%d, %d]", t, got->name,
         got->rows, got->cols, want->name, want->rows, want->cols);
    model_free(m);
    return err->status;
}
#line 1131 "chapters/08-using.nw"
}
for (size_t i = 0; i < p->count; i++) {
    double x = in_value(&in, width);
    
#line 1166 "chapters/08-using.nw"
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
#line 1135 "chapters/08-using.nw"
    p->value[i] = (real)x;
}
ck->model = m;
#line 685 "chapters/08-using.nw"
    return CKPT_OK;
}
#line 1194 "chapters/08-using.nw"
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
#line 1231 "chapters/08-using.nw"
{
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    if (S_ISDIR(st.st_mode))
        s = fail(err, CKPT_IO, "it is a folder, not a checkpoint");
    else if (isatty(fd))
        s = fail(err, CKPT_IO, "it is a terminal, not a"
                 " checkpoint");
    else if (S_ISREG(st.st_mode))
        
#line 1245 "chapters/08-using.nw"
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
#line 1240 "chapters/08-using.nw"
    else
        s = read_stream(fd, &buf, &n, err);
}
#line 1206 "chapters/08-using.nw"
    if (fd >= 0) close(fd);
    if (s == CKPT_OK) s = ckpt_decode(ck, task, buf, n, max_B, err);
    free(buf);
    if (s != CKPT_OK) 
#line 1215 "chapters/08-using.nw"
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
#line 1210 "chapters/08-using.nw"
    return s;
}
#line 1321 "chapters/08-using.nw"
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
#line 1335 "chapters/08-using.nw"
void ckpt_free(Checkpoint *ck)
{
    model_free(ck->model);
    memset(ck, 0, sizeof *ck);
}
#line 1347 "chapters/08-using.nw"
CkptStatus ckpt_expect(const Checkpoint *ck, int kind, int H,
                       CkptError *err)
{
    const ModelConfig *c = &ck->model->cfg;
    int have = config_kind(c);
    if (kind >= 0 && kind != have)
        return fail(err, CKPT_MISMATCH, "the checkpoint holds a model"
                    " of kind %s, not %s", kind_name(have),
                    kind_name(kind));
    if (H > 0 && H != c->H)
        return fail(err, CKPT_MISMATCH, "the checkpoint holds a model"
                    " with hidden size %d, not %d", c->H, H);
    err->status = CKPT_OK;
    return CKPT_OK;
}
