/** Page: being built. */
export default function FaqPage() {
  return <main className="container-page py-8" />;
}
