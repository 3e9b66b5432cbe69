/* Seeds for the checkpoint fuzzer: a small valid checkpoint of every
   attention kind, written into the folder given. */
#include "checkpoint.h"
#include <stdio.h>

int main(int argc, char **argv)
{
    program_name = "fuzz-seeds";
    if (argc != 2) refuse("usage: fuzz-seeds FOLDER");
    for (int kind = ATTN_NONE; kind <= ATTN_ADDITIVE; kind++) {
        ModelConfig c = model_config_default();
        c.attention = kind;
        c.E = 2;
        c.H = 2 + kind % 2;
        Checkpoint ck = { FAMILY_LSTM, 3, 6,
                          model_create(&c, 2, 8, (uint64_t)kind) };
        char path[600];
        snprintf(path, sizeof path, "%s/%s.ckpt", argv[1],
                 attention_name[kind]);
        CkptError err;
        if (ckpt_save(&ck, path, &err) != CKPT_OK)
            refuse("%s", err.message);
        model_free(ck.model);
    }
    return 0;
}
