/* task-pair.h: a TaskPair with room of its own, for the tests of a
   task's draw function (chapters 9 and 11). Define ROOM, the most
   words a side, before including it. */
typedef struct {
    int src[ROOM], tgt[ROOM], tag[ROOM];
    Link link[ROOM * ROOM];
    TaskPair p;
} Pair;

static TaskPair *pair_init(Pair *q)
{
    memset(q, 0, sizeof *q);
    q->p = (TaskPair){ 0, 0, q->src, q->tgt, 0, q->link, q->tag };
    return &q->p;
}
