using System.Net;
using System.Reflection;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using Refit;
using RefitStj;

// An app written for Refit on JSON.NET, moved onto RefitStj by adding the package. Its calls go to an in-process server
// that records each request and answers a snake_case API. It prints the transcript: each value read (or the failure of
// a reply missing a required member), then each request as sent. Argument "jsonnet": its own JSON.NET serializer (the
// reference); "reflection": RefitStj's reflection defaults; none: RefitStj over the app's context (Native AOT).
var mode = args.Length > 0 ? args[0] : "context";
#if NATIVE_AOT
// Published with Native AOT: the context alone (JSON.NET and the reflection defaults need reflection).
IHttpContentSerializer serializer = new StjContentSerializer(AppJsonContext.Default);
#else
IHttpContentSerializer serializer = mode switch
{
    "jsonnet" => new JsonNetContentSerializer(),
    "reflection" => new StjContentSerializer(),
    _ => new StjContentSerializer(AppJsonContext.Default),
};
#endif
var server = new Server();
var api = RestService.ForGenerated<IUsersApi>(new HttpClient(server) { BaseAddress = new Uri("http://api.test") }, new RefitSettings(serializer));

await Read("get ada", () => api.Get("ada"));
await Read("get a reply missing the required login", () => api.Get("missing"));
await Send("create ada", () => api.Create(new User
{
    AvatarUrl = "a.png",
    PublicRepos = 3,
    Followers = 0,
    Bio = null,
    LocalNote = "keep local",
    Login = "ada",
    Plan = Plan.Free,
    Kind = Kind.BotAccount,
    CreatedAt = new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.Zero),
}));
await Send("create bob", () => api.Create(new User
{
    Login = "bob",
    Followers = 12,
    Bio = "hi",
    Plan = Plan.ProPlus,
    Organization = new Organization { RefId = "r9", IsPrivate = true },
}));
await Send("sign up (form)", () => api.SignUp(new SignUp { UserName = "ada", InviteCode = "x y" }));
await Send("search (query object)", () => api.Search(new Filter { MinStars = 5 }));
server.Sent.ForEach(Console.WriteLine);

static async Task Read(string call, Func<Task<User>> get)
{
    try
    {
        var user = await get();
        Console.WriteLine($"{call}: read login={user.Login} avatar={user.AvatarUrl} repos={user.PublicRepos} followers={user.Followers} bio={user.Bio ?? "null"} note={user.LocalNote ?? "null"} plan={user.Plan} kind={user.Kind} created={user.CreatedAt:O} org={user.Organization?.RefId ?? "null"}/{user.Organization?.IsPrivate}");
    }
    catch (ApiException ex)
    {
        Console.WriteLine($"{call}: fails with {ex.GetType().Name} (reading the reply)");
    }
}

static async Task Send(string call, Func<Task> send)
{
    await send();
    Console.WriteLine($"{call}: sent");
}

public interface IUsersApi
{
    [Get("/users/{login}")]
    Task<User> Get(string login);

    [Post("/users")]
    Task Create([Body] User user);

    [Post("/signup")]
    Task SignUp([Body(BodySerializationMethod.UrlEncoded)] SignUp form);

    [Get("/search")]
    Task Search([Query] Filter filter);
}

// JSON.NET's names are as declared: the format stated, as the app's own, so RSTJ002 leaves it alone.
[JsonSourceGenerationOptions(JsonSerializerDefaults.General)]
[JsonSerializable(typeof(User))]
internal sealed partial class AppJsonContext : JsonSerializerContext;

/// <summary>Records each request (method, path and query, content type, body) and answers as a snake_case API.</summary>
internal sealed class Server : HttpMessageHandler
{
    public List<string> Sent { get; } = [];

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var body = request.Content is null ? "" : " " + await request.Content.ReadAsStringAsync(cancellationToken);
        Sent.Add($"sent: {request.Method} {request.RequestUri!.PathAndQuery} {request.Content?.Headers.ContentType?.ToString() ?? "no content"}{body}");
        var reply = request.RequestUri.AbsolutePath switch
        {
            "/users/ada" => """{"avatar_url":"a.png","public_repos":3,"followers":7,"login":"ada","plan":"free_plan","kind":"BotAccount","created_at":1704164645,"organization":{"ref_id":"r1","private":true}}""",
            "/users/missing" => """{"avatar_url":"b.png","plan":"ProPlus"}""",
            _ => "",
        };
        return new HttpResponseMessage(HttpStatusCode.OK) { Content = new StringContent(reply, Encoding.UTF8, "application/json") };
    }
}

#if !NATIVE_AOT
/// <summary>
/// Refit.Newtonsoft.Json's serializer as it is set up by default: JSON.NET with default settings. On Refit 17 it names
/// its attribute family, as 17's does, so generated form code names fields by [JsonProperty] without reflection.
/// </summary>
#if REFIT17
internal sealed class JsonNetContentSerializer : IHttpContentSerializer, IContentSerializerNameStyle
#else
internal sealed class JsonNetContentSerializer : IHttpContentSerializer
#endif
{
#if REFIT17
    public ContentSerializerNameStyle NameStyle => ContentSerializerNameStyle.Newtonsoft;

#endif
    public HttpContent ToHttpContent<T>(T item) =>
        new StringContent(Newtonsoft.Json.JsonConvert.SerializeObject(item), Encoding.UTF8, "application/json");

    public async Task<T?> FromHttpContentAsync<T>(HttpContent content, CancellationToken cancellationToken = default) =>
        Newtonsoft.Json.JsonConvert.DeserializeObject<T>(await content.ReadAsStringAsync(cancellationToken).ConfigureAwait(false));

    public string? GetFieldNameForProperty(PropertyInfo propertyInfo) =>
        propertyInfo.GetCustomAttributes<Newtonsoft.Json.JsonPropertyAttribute>(true).Select(x => x.PropertyName).FirstOrDefault();
}
#endif
