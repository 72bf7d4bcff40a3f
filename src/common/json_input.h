// Parsing JSON input: the one JSON entry point of every reader.
//
// Accepted beyond strict JSON, because Python's json.dump writes them: the bare
// words NaN, Infinity and -Infinity. Before parsing, one scan over the text
//  - bounds the nesting depth (kMaxJsonDepth), so a hostile file cannot
//    overflow the stack of any recursive code that walks the document;
//  - quotes NaN/Infinity/-Infinity and numbers outside double range (1e999)
//    so they arrive as marker strings, and the field reader reports them by
//    field name ("runtimes[3]: expected a finite number, got NaN") instead of
//    the parser failing without a field.
// Duplicate keys in one object are an InputError (a silent "last one wins"
// would plan with a value the user did not mean). Syntax errors are
// InputError "SOURCE: invalid JSON: ...".
#pragma once

#include <cstddef>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "common/deadline.h"

namespace milpsac {

// Deeper documents are refused; every format we read is at most 6 levels deep.
inline constexpr int kMaxJsonDepth = 256;

// Size limits of JSON text (after decompression), which bound the memory of
// reading it: a document held whole takes up to about 25 times its size (11
// for arrays of objects, 25 for arrays of small numbers); a streamed one
// (parse_json_streaming) about 4 times, the text included. Beyond them the
// input is refused before it is parsed (docs/limits.md).
inline constexpr size_t kMaxJsonBytes = size_t{64} << 20;
inline constexpr size_t kMaxStreamedJsonBytes = size_t{512} << 20;

// Parse `text`; `source` names it in messages. Linear in the size of the
// text. With a `deadline`, it is polled while parsing (TimeLimitReached).
// Text longer than kMaxJsonBytes is refused.
nlohmann::json parse_json(std::string_view text, const std::string& source, const Deadline* deadline = nullptr);

// read_file + parse_json, both under `deadline` (may be null); a file larger
// than kMaxJsonBytes is refused before it is read.
nlohmann::json read_json_file(const std::string& path, const Deadline* deadline = nullptr);

// Receives the elements of a streamed array, in order, each once complete; it
// may move from the element.
using JsonElementSink = std::function<void(std::size_t index, nlohmann::json& element)>;

// parse_json, except that when the document is an object whose member
// `streamed_key` is an array, each element of that array goes to `sink` as soon
// as it is complete and is not kept: the returned document holds that member
// as an empty array. Peak memory is then the elements' reader's, not a DOM of
// the whole array (a DOM of a 10^6-node graph took 1.4 GB). Depth bound,
// markers, duplicate keys and errors are those of parse_json; an element that
// is complete reaches the sink even if the text is invalid further on, so a
// sink records problems and lets the caller report them after parsing. The
// size limit is `max_bytes`: kMaxStreamedJsonBytes, or kMaxJsonBytes for an
// input whose documented limit is that of a document held whole (shard).
nlohmann::json parse_json_streaming(std::string_view text, const std::string& source, std::string_view streamed_key,
                                    const JsonElementSink& sink, const Deadline* deadline = nullptr,
                                    size_t max_bytes = kMaxStreamedJsonBytes);
nlohmann::json read_json_file_streaming(const std::string& path, std::string_view streamed_key,
                                        const JsonElementSink& sink, const Deadline* deadline = nullptr);

// A number field that arrived as a marker string: "NaN", "Infinity",
// "-Infinity", or a number outside double range such as "1e999".
bool is_nonnumeric_marker(const nlohmann::json& value);

// The value as a message shows it: numbers and markers by their text,
// short strings quoted, other values by type ("object", "array", ...).
std::string describe_json(const nlohmann::json& value);

}  // namespace milpsac
