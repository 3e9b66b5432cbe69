/* A libFuzzer target for the checkpoint decoder (chapter 8): make
   fuzz. Every input is decoded twice: as it is, which exercises the
   checks before the checksum, and with its length field and checksum
   rewritten to fit, as a forger would, which lets the fuzzer reach
   the checks after the checksum. The decoder must refuse or accept
   without a crash, a leak, or undefined behaviour. */
#include "checkpoint.h"
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static void decode(const unsigned char *buf, size_t n)
{
    Checkpoint ck;
    CkptError err;
    CkptStatus s = ckpt_decode(&ck, buf, n, 2, &err);
    if (s == CKPT_OK) ckpt_free(&ck);
    else if (!err.message[0]) abort();      /* a refusal says why */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    decode(data, size);
    if (size < CKPT_MIN_BYTES) return 0;
    unsigned char *buf = malloc(size);      /* exactly size bytes */
    memcpy(buf, data, size);
    for (int k = 0; k < 8; k++)
        buf[12 + k] = (unsigned char)((uint64_t)size >> 8 * k);
    uint32_t crc = (uint32_t)crc32(0L, buf, (uInt)(size - 4));
    for (int k = 0; k < 4; k++)
        buf[size - 4 + k] = (unsigned char)(crc >> 8 * k);
    decode(buf, size);
    free(buf);
    return 0;
}
