import { data } from "react-router";

export function loader() {
  throw data(null, { status: 404 });
}

export const meta = () => [{ title: "404 Page Not Found" }];

export default function NotFound() {
  return null;
}
