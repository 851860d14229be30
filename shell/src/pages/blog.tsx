/** Blog */
export default function BlogPage() {
  return (
    <article className="container page">
      <h1>Blog</h1>
      <p className="lead">Artículos sobre tecnología, empleo y formación para el futuro.</p>
    </article>
  );
}
