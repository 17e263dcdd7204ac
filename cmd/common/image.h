/* Image conventions shared by the commands that write pictures: the
 * --aspect shapes and nearest-neighbour enlargement to them. */
#ifndef RELIC_CLI_IMAGE_H
#define RELIC_CLI_IMAGE_H

#include <stddef.h>
#include <stdint.h>

/* --aspect: none (square pixels), wide (each AGI pixel two columns, the
 * 320x200 screen's shape) or 4:3 (wide, and rows 1.2 tall, the shape the
 * screen had on a 4:3 monitor: 320x200 becomes 320x240). */
typedef enum cli_aspect { CLI_ASPECT_NONE, CLI_ASPECT_WIDE, CLI_ASPECT_4_3 } cli_aspect;

/* --aspect's value: NULL or "2:1" -> wide, "4:3" -> 4:3, "1:1" -> none
 * (the data's own pixels); -1 when unknown.
 * The value may also be the next word (`--aspect 4:3`): call
 * cli_aspect_option from the option loop, which takes it from argv. */
int cli_parse_aspect(const char *value, cli_aspect *out);
int cli_aspect_option(int argc, char *const argv[], const char *optarg_value, cli_aspect *out);

/* Enlarges w x h one-byte pixels by `scale` to the --aspect shape.  A
 * source whose pixels are already double-wide (the 320x200 screen) is not
 * widened again.  Rows for 4:3 are picked as ScummVM's aspect correction
 * maps them (out row y shows source row (y * 5 + 3) / 6 of the 6/5 taller
 * image), so an indexed image stays indexed.  Returns a malloc'd buffer
 * and its size, or NULL when out of memory. */
void cli_image_size(unsigned w, unsigned h, unsigned scale, cli_aspect aspect, int wide_source, unsigned *out_w,
                    unsigned *out_h);
/* The same into dst, which holds cli_image_size's out_w * out_h bytes. */
void cli_image_scale_to(const uint8_t *src, unsigned w, unsigned h, unsigned scale, cli_aspect aspect, int wide_source,
                        uint8_t *dst);
uint8_t *cli_image_scale(const uint8_t *src, unsigned w, unsigned h, unsigned scale, cli_aspect aspect, int wide_source,
                         unsigned *out_w, unsigned *out_h);

#endif
