import { contentType } from "mime-types";
function contentTypeOf(path) {
  const slash = path.lastIndexOf("/");
  const name = path.slice(slash + 1);
  const dot = name.lastIndexOf(".");
  if (dot <= 0) return "application/octet-stream";
  return contentType(name.slice(dot)) || "application/octet-stream";
}
const isHtml = (path) => /\.html?$/i.test(path);
export {
  contentTypeOf,
  isHtml
};
//# sourceMappingURL=content-type.js.map
