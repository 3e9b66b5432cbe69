#line 183 "chapters/08-using.nw"
/* checkpoint.h: trained models to and from files (chapter 8). */
#ifndef CHECKPOINT_H
#define CHECKPOINT_H
#include "families.h"
#line 215 "chapters/08-using.nw"
enum { CKPT_FORMAT = 3, CKPT_MAGIC_BYTES = 8 };
enum { CKPT_MAX_TASK_NAME = 64 };
extern const unsigned char ckpt_magic[CKPT_MAGIC_BYTES];
enum { CKPT_HEADER_BYTES = 20, CKPT_MIN_BYTES = 24 };
enum { CKPT_MAX_FIELDS = 16 };
#line 236 "chapters/08-using.nw"
#define CKPT_MAX_BYTES ((uint64_t)1 << 28)      /* 256 MiB */
#define CKPT_MAX_PARAMS ((size_t)1 << 24)       /* 16.7 million */
#line 259 "chapters/08-using.nw"
typedef struct {
    int min_words, max_words;       /* the training sentences */
    Model *model;                   /* of any family */
    const Task *task;               /* the task it was trained on */
} Checkpoint;
void ckpt_free(Checkpoint *ck);
#line 277 "chapters/08-using.nw"
typedef enum {
    CKPT_OK, CKPT_IO, CKPT_NOT_CHECKPOINT, CKPT_VERSION,
    CKPT_TRUNCATED, CKPT_TRAILING, CKPT_TOO_LARGE, CKPT_CORRUPT,
    CKPT_MALFORMED, CKPT_FAMILY, CKPT_CONFIG, CKPT_VOCAB,
    CKPT_SHAPE, CKPT_VALUE, CKPT_MISMATCH, CKPT_TASK
} CkptStatus;
typedef struct {
    CkptStatus status;
    char message[480];
} CkptError;
#line 307 "chapters/08-using.nw"
size_t ckpt_encode(unsigned char *buf /* [size] or NULL */,
                   const Checkpoint *ck);
CkptStatus ckpt_decode(Checkpoint *ck, const Task *task,
                       const unsigned char *buf, size_t n, int max_B,
                       CkptError *err);
void ckpt_save(const Checkpoint *ck, const char *path);
CkptStatus ckpt_load(Checkpoint *ck, const Task *task,
                     const char *path, int max_B, CkptError *err);
CkptStatus ckpt_read(Checkpoint *ck, const Task *task, FILE *f,
                     int max_B, CkptError *err);
CkptStatus ckpt_expect(const Checkpoint *ck, int kind, int H,
                       CkptError *err);
#line 328 "chapters/08-using.nw"
uint32_t vocab_digest(const Task *t);
CkptStatus ckpt_check_size(const ModelConfig *c, CkptError *err);
#line 189 "chapters/08-using.nw"
#endif
