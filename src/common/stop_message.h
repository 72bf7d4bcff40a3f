// What a reader's TimeLimitReached says once the door knows why it stopped.
//
// Readers poll Deadline::expired(), which a raised interrupt flag ends as
// well as the limit, and throw "SOURCE: time limit reached while WHAT"
// (check_deadline, deadline.h). A door that knows its flag was raised says
// "SOURCE: interrupted while WHAT" instead, so the message and the status
// ("interrupted") agree.
#pragma once

#include <string>

#include "common/deadline.h"

namespace milpsac {

inline std::string stop_message(const TimeLimitReached& stop, bool interrupted) {
  std::string message = stop.what();
  static const std::string kLimit = "time limit reached while";
  const size_t at = message.find(kLimit);
  if (interrupted && at != std::string::npos) message.replace(at, kLimit.size(), "interrupted while");
  return message;
}

}  // namespace milpsac
