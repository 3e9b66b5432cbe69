/* Seeds for the checkpoint fuzzer: a small valid checkpoint of every
   attention kind and a small Transformer, written into the folder
   given. */
#include "checkpoint.h"
#include <stdio.h>

int main(int argc, char **argv)
{
    program_name = "fuzz-seeds";
    if (argc != 2) refuse("usage: fuzz-seeds FOLDER");
    for (int kind = ATTN_NONE; kind <= ATTN_TRANSFORMER; kind++) {
        ModelConfig c = model_config_default();
        c.attention = kind;
        c.E = 2;
        c.H = 2 + kind % 2;
        if (kind == ATTN_TRANSFORMER) {
            c.H = 2; c.heads = 1; c.ff = 2;
        }
        Model *m = model_create(&c, 2, 8, (uint64_t)kind);
        Checkpoint ck = { model_family(m), 3, 6, m };
        char path[600];
        snprintf(path, sizeof path, "%s/%s.ckpt", argv[1],
                 attention_name[kind]);
        ckpt_save(&ck, path);
        model_free(ck.model);
    }
    return 0;
}
