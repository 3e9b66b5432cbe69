#line 3196 "chapters/10-captions.nw"
/* caption: caption a scene, and show where the captioner looked. */
#include "captioner.h"
#include "scene.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#line 3215 "chapters/10-captions.nw"
static Scene scene_from_items(const char *list)
{
    Scene s = { 0, { 0 }, { 0 } };
    char buf[128], *item[MAX_ITEMS];
    int n = split_list(buf, sizeof buf, "--items", list, item,
                       MAX_ITEMS);
    for (int i = 0; i < n; i++) {
        int cell, picture, used;
        if (sscanf(item[i], "%d:%d%n", &cell, &picture, &used) != 2
            || item[i][used] || cell < 0 || cell >= CELLS * CELLS
            || picture < 0)
            refuse("--items: '%s' is not CELL:PICTURE, a cell 0 to 8"
                   " and a test picture's index", shown(item[i]));
        int j = s.items++;              /* insertion, in order */
        for (; j > 0 && s.cell[j - 1] >= cell; j--) {
            if (s.cell[j - 1] == cell)
                refuse("--items: cell %d is given twice", cell);
            s.cell[j] = s.cell[j - 1];
            s.picture[j] = s.picture[j - 1];
        }
        s.cell[j] = cell;
        s.picture[j] = picture;
    }
    return s;
}
#line 3203 "chapters/10-captions.nw"
int main(int argc, char **argv)
{
    program_name = "caption";
    
#line 3243 "chapters/10-captions.nw"
const char *data = FASHION_DIR, *attention = "additive";
const char *items = NULL;
int seed = 1, scene_seed = 1, n_train = 2500;
double lambda = 0;
TrainConfig tc = train_config_default();
tc.epochs = 12;
tc.batch_size = 32;
NetTraining nt = { 10000, 2, 64, 2e-2, 1 };
Option options[] = {
    {"--data", OPT_TEXT, &data, 0, 0, "folder of Fashion-MNIST"},
    {"--items", OPT_TEXT, &items, 0, 0, "scene: CELL:PICTURE,..."},
    {"--scene", OPT_INT, &scene_seed, 0, 1e9, "or a scene by seed"},
    {"--attention", OPT_TEXT, &attention, 0, 0, "dot, general,"
     " additive"},
    {"--lambda", OPT_REAL, &lambda, 0, 1e6, "doubly stochastic"},
    {"--seed", OPT_INT, &seed, 0, 1e9, "training seed"},
    {"--epochs", OPT_INT, &tc.epochs, 1, 1000, "epochs"},
    {"--scenes", OPT_INT, &n_train, 1, 1e6, "training scenes"},
};
parse_options(argc, argv, options, sizeof options / sizeof *options,
              "train, then caption a scene and show where the"
              " captioner looked");
if (items && option_given(argc, argv, "--scene"))
    refuse("--items and --scene both name the scene; give one");
ModelConfig mc = captioner_config_default();
mc.attention = captioner_variant_from_name(attention);
if (mc.attention == ATTN_NONE)
    refuse("--attention none has no weights to show: it does not"
           " choose where to look");
mc.lambda = lambda;
Scene sc = items ? scene_from_items(items) : (Scene){ 0, {0}, {0} };
tc.seed = (uint64_t)seed;
#line 3207 "chapters/10-captions.nw"
    
#line 3279 "chapters/10-captions.nw"
Fashion train_set, test_set;
const char *problem = fashion_read(&train_set, data, 0);
if (!problem) problem = fashion_read(&test_set, data, 1);
if (problem) refuse("%s", problem);
for (int i = 0; i < sc.items; i++)
    if (sc.picture[i] >= test_set.n)
        refuse("--items: picture %d; the test pictures are 0 to %d",
               sc.picture[i], test_set.n - 1);
if (!items) {
    Rng rng;
    rng_seed(&rng, (uint64_t)scene_seed);
    scene_draw(&sc, &test_set, 1, MAX_ITEMS, &rng);
}
ImageNet net;
net_create(&net, NET_CNN, 4, mc.H, nt.seed);
progress("training the network on %d pictures", nt.pictures);
net_train(&net, &train_set, &nt);
Rng scene_rng;
rng_seed(&scene_rng, 7);
Scene *scenes = xcalloc(n_train, sizeof(Scene));
for (int i = 0; i < n_train; i++)
    scene_draw(&scenes[i], &train_set, 1, MAX_ITEMS, &scene_rng);
Dataset train_data;
scene_dataset(&train_data, scenes, n_train, &train_set, &net);
Vocab words;
vocab_build(&words, &scene_task, TARGET);
mc.tgt_vocab = words.size;
Model *m = model_create(&mc, tc.batch_size, train_data.L, tc.seed);
progress("training the captioner on %d scenes", n_train);
train_model(m, &train_data, NULL, &tc, NULL, NULL);
#line 3208 "chapters/10-captions.nw"
    
#line 3313 "chapters/10-captions.nw"
Dataset one;
scene_dataset(&one, &sc, 1, &test_set, &net);
Batch batch;
batch_alloc(&batch, 1, one.L);
int row = 0, out[MAX_ITEMS + 1];
batch_fill(&batch, &one, &row, 1);
int steps = batch.T - 1, n = 0, right = 1;
real *w = xcalloc((size_t)steps * one.L, sizeof(real));
greedy_decode(m, &batch, steps, out, w);
for (int j = 0; j < steps; j++) right &= out[j] == batch.tgt[j + 1];
const char *caption[MAX_ITEMS + 1];
while (n < steps && out[n] != EOS) n++;
if (n < steps) n++;                     /* the <eos>'s map */
for (int j = 0; j < n; j++) caption[j] = words.word[out[j]];
printf("scene:  ");
for (int i = 0; i < sc.items; i++)
    printf(" %s", fashion_class[test_set.label[sc.picture[i]]]);
printf("\ncaption:");
for (int j = 0; j < n; j++) printf(" %s", caption[j]);
printf(" (%s)\n\n", right ? "right" : "wrong");
scene_text(stdout, &sc, &test_set, caption, w, n);
#line 3209 "chapters/10-captions.nw"
    return 0;
}
