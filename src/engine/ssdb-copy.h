/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-estimate.h"
#include "ssdb-summary.h"
#include "ssdb-target.h"

G_BEGIN_DECLS

/**
 * SsdbCopySet:
 * @SSDB_COPY_SET_ISO: two large files, as AS SSD's "ISO" set (two files of about 500 MB)
 * @SSDB_COPY_SET_PROGRAM: a program folder, many small files in nested folders (AS SSD's
 *   "Program")
 * @SSDB_COPY_SET_GAME: a game folder, small and large files mixed (AS SSD's "Game")
 * @SSDB_COPY_N_SETS: the number of sets
 *
 * The file sets of AS SSD's Copy-Benchmark. AS SSD documents only their character (few big
 * files, many small files, a mix); the sets below are SSD Bench's own, defined exactly
 * (ssdb_copy_set_shape()):
 *
 * - ISO: 2 files of 512 MiB × scale / 100, rounded down to 64 KiB; 1 GiB at scale 100 (the
 *   "two files of 500 MB" that AS SSD's ISO set is reported as).
 * - Program: groups of 16 files totalling 8 MiB, each group in its own folder two levels down
 *   (dNN/sN/, eight groups under each dNN/); 32 groups (512 files, 36 folders, 256 MiB) at
 *   scale 100. A group: 700, 1500, 2900, 4096, 6000, 9000, 12288, 20000, 33000, 50000, 70000,
 *   100000 bytes, 256 KiB, 512 KiB, 1 MiB and 6 244 116 bytes (the rest of the 8 MiB): twelve
 *   of its sixteen files are at most 100 kB, most not a multiple of 4 KiB.
 * - Game: groups of 8 files totalling 16 MiB, each group in its own folder (gNN/); 32 groups
 *   (256 files, 32 folders, 512 MiB) at scale 100. A group: 4096, 15000, 65536 bytes, 256 KiB,
 *   1 MiB, 2 MiB, 4 MiB and 9 090 408 bytes (the rest of the 16 MiB).
 *
 * Program and Game scale by their number of groups: round (32 × scale / 100), at least 1.
 */
typedef enum
{
  SSDB_COPY_SET_ISO,
  SSDB_COPY_SET_PROGRAM,
  SSDB_COPY_SET_GAME,
  SSDB_COPY_N_SETS,
} SsdbCopySet;

/**
 * SsdbCopyMethod:
 * @SSDB_COPY_DIRECT: `O_DIRECT` reads and writes of 1 MiB through an aligned buffer; the tail of
 *   a file that is not a multiple of the file system's direct-I/O alignment is written through
 *   the page cache and made durable with the file's fsync()
 * @SSDB_COPY_CACHED: read() and write() of 1 MiB through the page cache, then fsync() of each
 *   file (AS SSD copies with the operating system's cached copy functions)
 *
 * How each file is copied. Both fsync() every file and every folder of the copy, inside the
 * timed part.
 */
typedef enum
{
  SSDB_COPY_DIRECT,
  SSDB_COPY_CACHED,
} SsdbCopyMethod;

/** ssdb_copy_set_to_string: Returns: "iso", "program" or "game" (the report's and CLI's name). */
const char *
ssdb_copy_set_to_string (SsdbCopySet set);
/** ssdb_copy_set_from_string: Returns: %TRUE when @name is a set's name (exact). */
gboolean
ssdb_copy_set_from_string (const char *name, SsdbCopySet *set);
/** ssdb_copy_set_label: Returns: "ISO", "Program" or "Game" (as AS SSD labels its rows). */
const char *
ssdb_copy_set_label (SsdbCopySet set);
/** ssdb_copy_method_to_string: Returns: "direct" or "cached". */
const char *
ssdb_copy_method_to_string (SsdbCopyMethod method);
/** ssdb_copy_method_from_string: Returns: %TRUE when @name is a method's name (exact). */
gboolean
ssdb_copy_method_from_string (const char *name, SsdbCopyMethod *method);

/* The scale of the sets, percent of the sizes above. */
#define SSDB_COPY_MIN_SCALE 1
#define SSDB_COPY_MAX_SCALE 100

/**
 * SsdbCopySetShape:
 * @files: files in the set
 * @dirs: folders in the set, below its own top folder
 * @bytes: bytes of all its files
 * @largest: the largest file, bytes
 */
typedef struct
{
  guint files;
  guint dirs;
  guint64 bytes;
  guint64 largest;
} SsdbCopySetShape;

/**
 * ssdb_copy_set_shape:
 * @set: a set
 * @scale: %SSDB_COPY_MIN_SCALE..%SSDB_COPY_MAX_SCALE
 * @out: (out): the set's counts and total (#SsdbCopySet gives them at scale 100)
 */
void
ssdb_copy_set_shape (SsdbCopySet set, guint scale, SsdbCopySetShape *out);

/**
 * ssdb_copy_set_file:
 * @set: a set
 * @scale: its scale
 * @index: a file, below the shape's @files
 * @size: (out): its size, bytes
 *
 * Returns: (transfer full): its path relative to the set's top folder ("d01/s3/f07.bin")
 */
char *
ssdb_copy_set_file (SsdbCopySet set, guint scale, guint index, guint64 *size);

/**
 * SsdbCopySpec:
 * @scale: size of the sets, percent of #SsdbCopySet's sizes, 1..100 [100]
 * @method: how files are copied [direct]
 * @sets: which sets run, in the order ISO, Program, Game [all three]
 * @seed: seed of the data [1]
 *
 * Settings of the copy test (AS SSD's Copy-Benchmark).
 */
typedef struct
{
  guint scale;
  SsdbCopyMethod method;
  gboolean sets[SSDB_COPY_N_SETS];
  guint64 seed;
} SsdbCopySpec;

/** ssdb_copy_spec_init: fills @spec with the defaults above. */
void
ssdb_copy_spec_init (SsdbCopySpec *spec);

/**
 * ssdb_copy_spec_space_needed:
 * @spec: settings
 *
 * The free space a run needs, bytes: the largest set twice (its source and its copy; each set
 * is removed before the next is made) plus 4 KiB per file and folder for the file system's own
 * blocks and each file's last partial block, plus 1 %.
 */
guint64
ssdb_copy_spec_space_needed (const SsdbCopySpec *spec);

/**
 * SsdbCopyRow:
 * @set: the set
 * @state: pending, running, done, cancelled or failed
 * @files: files copied
 * @dirs: folders created in the copy
 * @bytes: bytes copied
 * @elapsed_ns: the timed copy, from the first folder made to the last fsync(), ns
 * @bytes_per_second: @bytes / @elapsed_ns, B/s (show as MB/s = 10^6 B/s, as AS SSD does)
 *
 * One set's copy.
 */
typedef struct
{
  SsdbCopySet set;
  SsdbEntryState state;
  guint files;
  guint dirs;
  guint64 bytes;
  guint64 elapsed_ns;
  double bytes_per_second;
} SsdbCopyRow;

/**
 * SsdbCopyResult:
 * @spec: the settings
 * @rows: one row per set of the spec, in the order ISO, Program, Game
 * @n_rows: rows in @rows
 * @prepare_ns: time spent making the sources (not timed in the rows)
 * @cancelled: the run stopped early; the rows measured are kept
 * @temperature: (nullable): the drive's temperature during the run
 * @drive_counts: (nullable): the drive's count of the host's writes before and after the run
 */
typedef struct
{
  SsdbCopySpec spec;
  SsdbCopyRow rows[SSDB_COPY_N_SETS];
  guint n_rows;
  guint64 prepare_ns;
  gboolean cancelled;
  SsdbTemperatureLog *temperature;
  SsdbDriveCounts *drive_counts;
} SsdbCopyResult;

/** ssdb_copy_result_new: Returns: (transfer full): a result with one pending row per set. */
SsdbCopyResult *
ssdb_copy_result_new (const SsdbCopySpec *spec);
void
ssdb_copy_result_free (SsdbCopyResult *result);
/** ssdb_copy_result_dup: Returns: (transfer full) (nullable): a deep copy; %NULL for %NULL. */
SsdbCopyResult *
ssdb_copy_result_dup (const SsdbCopyResult *result);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbCopyResult, ssdb_copy_result_free)

/**
 * ssdb_copy_result_check:
 * @result: a new result
 * @target: the target's facts
 * @error: %SSDB_ERROR_INVALID_ARGUMENT: a device (the copy test needs a directory on a mounted
 *   file system), a scale out of range, no set; %SSDB_ERROR_NO_SPACE: less free space than
 *   ssdb_copy_spec_space_needed() (when @target's free_bytes is known), naming the directory
 *   and both figures
 *
 * Returns: %TRUE when the settings fit @target
 */
gboolean
ssdb_copy_result_check (const SsdbCopyResult *result, const SsdbTargetInfo *target, GError **error);

/**
 * ssdb_copy_estimate:
 * @out: (out): the bytes written (each source and its copy) and read (the copies); no timed part
 *
 * Returns: %TRUE
 */
gboolean
ssdb_copy_estimate (const SsdbCopyResult *result, guint64 target_bytes, SsdbRunEstimate *out);

/**
 * SsdbCopyProgressFunc:
 * @row: the running row (-1 before the first)
 * @preparing: the row's source is being made (else it is being copied)
 * @fraction: 0..1 of the whole run
 */
typedef void (*SsdbCopyProgressFunc) (SsdbCopyResult *result, int row, gboolean preparing,
                                      double fraction, gpointer user_data);

/**
 * ssdb_copy_run:
 * @target: a test-file target (a directory on a mounted file system)
 * @result: from ssdb_copy_result_new(); filled in place
 * @progress: (nullable): progress, on the calling thread
 * @cancellable: (nullable): cancel; the running row is marked cancelled
 *
 * Makes a fresh folder `.ssdbench-copy-PID-XXXXXX` in the target's directory (first removing
 * such folders of this user whose process is gone: a run killed outright); for each set,
 * writes its source there from the engine's random data (incompressible), fsyncs it and drops
 * it from the page cache, then times its copy to a second folder: making every folder, copying
 * every file by the spec's method, and fsync() of every file and folder of the copy. Both are
 * removed before the next set. The folder is removed at the end, also on error or cancel.
 *
 * The free space is checked first (statvfs) against ssdb_copy_spec_space_needed().
 *
 * Returns: %TRUE when every row ran; %FALSE with @error (SSDB_ERROR_INVALID_ARGUMENT,
 *   SSDB_ERROR_NO_SPACE, SSDB_ERROR_CANCELLED with @result->cancelled set, SSDB_ERROR_IO).
 */
gboolean
ssdb_copy_run (SsdbTarget *target, SsdbCopyResult *result, SsdbCopyProgressFunc progress,
               gpointer user_data, GCancellable *cancellable, GError **error);

G_END_DECLS
